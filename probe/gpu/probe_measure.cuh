// probe_measure.cuh: the measurements of hetscope-probe, each returning
// plain numbers; hetscope-probe.cu writes them as CSV rows. How each is
// made and which model parameter it feeds: README.md.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "probe_kernels.cuh"
#include "probe_nvml.h"
#include "probe_util.h"

namespace probe {

// How long and how large each measurement is.
struct Config {
  bool quick = false;
  int repeats = 7;
  double timed_s = 0.05;     // GPU time one timed repeat aims at
  size_t stream_bytes = 0;   // one buffer of the bandwidth kernels (a power of two)
  size_t chase_bytes = 0;    // the pointer-chase buffer (a power of two, >= 8 x L2)
  int chase_steps = 100000;  // loads of the one-thread walk
  size_t bus_bytes = 0;      // one host-device copy
  double idle_s = 2.0;       // idle power sampling
  double energy_s = 2.5;     // one energy run
  size_t energy_elems = 0;   // floats of one energy buffer
  size_t speed_max = 0;      // largest triad vector (elements)
  int speed_step = 2;        // factor between triad sizes
};

inline Config make_config(bool quick, size_t free_bytes, size_t l2_bytes) {
  Config c;
  c.quick = quick;
  c.repeats = quick ? 3 : 7;
  c.timed_s = quick ? 0.02 : 0.05;
  const size_t budget = std::max<size_t>(free_bytes / 8, size_t(1) << 20);
  const size_t gib = size_t(1) << 30;
  c.stream_bytes = floor_pow2(std::min(quick ? gib / 4 : gib, budget));
  const size_t chase_min = std::max<size_t>(size_t(256) << 20, 8 * l2_bytes);
  c.chase_bytes = std::min(2 * floor_pow2(chase_min - 1), floor_pow2(budget));
  c.chase_steps = quick ? 20000 : 100000;
  c.bus_bytes = std::min<size_t>(quick ? size_t(64) << 20 : size_t(256) << 20, budget);
  c.idle_s = quick ? 1.0 : 2.0;
  c.energy_s = quick ? 0.5 : 2.5;
  c.energy_elems = floor_pow2(std::min<size_t>(quick ? size_t(1) << 25 : size_t(1) << 27,
                                               budget / sizeof(float)));
  c.speed_max = floor_pow2(std::min<size_t>(quick ? size_t(1) << 24 : size_t(1) << 27,
                                            budget / sizeof(double)));
  c.speed_step = quick ? 4 : 2;
  return c;
}

// The device as the CUDA runtime reports it.
struct DeviceInfo {
  int index = 0;
  cudaDeviceProp prop{};
  int clock_khz = 0;  // 0: not reported
  int cores_per_sm = 128;
  bool cores_known = false;
  std::string bus_id;

  // Blocks of `block` threads that fill every SM at full occupancy.
  int full_grid(int block) const {
    return prop.multiProcessorCount * std::max(1, prop.maxThreadsPerMultiProcessor / block);
  }
};

// FP32 cores per SM by compute capability (CUDA C++ Programming Guide,
// arithmetic instruction throughput table).
inline int fp32_cores_per_sm(int major, int minor, bool* known) {
  *known = true;
  switch (major) {
    case 3: return 192;
    case 5: return 128;
    case 6: return minor == 0 ? 64 : 128;
    case 7: return 64;
    case 8: return minor == 0 ? 64 : 128;
    case 9: return 128;
    case 10:
    case 12: return 128;
    default: *known = false; return 128;
  }
}

inline DeviceInfo query_device(int index) {
  DeviceInfo d;
  d.index = index;
  CK(cudaGetDeviceProperties(&d.prop, index));
  if (cudaDeviceGetAttribute(&d.clock_khz, cudaDevAttrClockRate, index) != cudaSuccess) {
    d.clock_khz = 0;
    cudaGetLastError();
  }
  char bus[32] = {0};
  CK(cudaDeviceGetPCIBusId(bus, sizeof bus, index));
  d.bus_id = bus;
  d.cores_per_sm = fp32_cores_per_sm(d.prop.major, d.prop.minor, &d.cores_known);
  return d;
}

// Rate (amount / s / 1e9) of `launch`: a warm-up, then `repeats` timings
// of enough back-to-back launches to fill cfg.timed_s.
template <typename Launch>
Summary time_rate(const Config& cfg, double amount, Launch launch) {
  EventTimer timer;
  launch();
  timer.start();
  launch();
  const double once = std::max(timer.stop(), 1e-7);
  const int inner = int(std::min(1000.0, std::max(1.0, std::ceil(cfg.timed_s / once))));
  std::vector<double> rates;
  for (int r = 0; r < cfg.repeats; ++r) {
    timer.start();
    for (int k = 0; k < inner; ++k) launch();
    rates.push_back(amount * inner / timer.stop() / 1e9);
  }
  return summarize(rates, true);
}

// FMA roof of type T, GFLOP/s: four full waves of blocks, iterations such
// that one launch takes about a quarter of cfg.timed_s.
template <typename T>
Summary fma_roof(const DeviceInfo& d, const Config& cfg) {
  const int block = 256;
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fma_chains<T>, block, 0));
  const int grid = d.prop.multiProcessorCount * std::max(per_sm, 1) * 4;
  DeviceBuffer<T> out(size_t(grid) * block);
  int iters = 1024;
  auto run = [&] {
    fma_chains<T><<<grid, block>>>(out.get(), iters, T(0.999999), T(1e-6));
    CK_LAUNCH("fma_chains");
  };
  EventTimer timer;
  run();
  timer.start();
  run();
  const double t = std::max(timer.stop(), 1e-7);
  iters = int(std::min(double(1 << 24), std::max(1024.0, iters * cfg.timed_s / 4 / t)));
  const double flops = 2.0 * kChains * kUnroll * double(iters) * double(grid) * block;
  return time_rate(cfg, flops, run);
}

struct Bandwidths {
  Summary copy, coalesced, strided;  // GB/s
};

// Device copy (read + write bytes), coalesced and strided reads (bytes
// read), over buffers of cfg.stream_bytes.
inline Bandwidths bandwidths(const DeviceInfo& d, const Config& cfg) {
  const size_t n = cfg.stream_bytes / sizeof(float);
  DeviceBuffer<float> a(n), b(n);
  CK(cudaMemset(a.get(), 0, a.bytes()));
  CK(cudaMemset(b.get(), 0, b.bytes()));
  const int block = 256;
  const int grid = d.full_grid(block);
  DeviceBuffer<float> sink(size_t(grid) * block);
  const double bytes = double(n) * sizeof(float);
  Bandwidths r;
  r.copy = time_rate(cfg, 2 * bytes, [&] {
    copy_kernel<<<grid, block>>>(reinterpret_cast<const float4*>(a.get()),
                                 reinterpret_cast<float4*>(b.get()), n / 4);
    CK_LAUNCH("copy_kernel");
  });
  r.coalesced = time_rate(cfg, bytes, [&] {
    read_coalesced<<<grid, block>>>(a.get(), n, sink.get());
    CK_LAUNCH("read_coalesced");
  });
  const int log2_rows = log2_exact(n / 32);
  r.strided = time_rate(cfg, bytes, [&] {
    read_strided<<<grid, block>>>(a.get(), n, log2_rows, sink.get());
    CK_LAUNCH("read_strided");
  });
  return r;
}

constexpr int kCoalChains = 16;  // walks per warp of the coalesced departure test

// Repeats of a latency that spread by more than this leave out their
// outlier (see without_outlier).
constexpr double kLatencyTolerance = 0.10;

struct Latency {
  Summary cycles, ns, clock_mhz;  // one-thread walk: per load
  Summary uncoal_step;            // one warp, 32 walks: cycles per step
  Summary coal_step;              // one block, warps x kCoalChains walks: cycles per step
  int warps = 0;
  double del_coal = 0, del_uncoal = 0;
  bool coal_saturated = false;
};

// One random cycle over `lines` lines (Sattolo's algorithm: next[i] is
// the line after i) and `walks` starting words spread evenly along it.
inline std::vector<unsigned> random_cycle(size_t lines, size_t walks, std::vector<unsigned>* starts) {
  std::vector<unsigned> next(lines);
  for (size_t i = 0; i < lines; ++i) next[i] = unsigned(i);
  std::mt19937_64 rng(20261122);
  for (size_t i = lines - 1; i > 0; --i) {
    std::uniform_int_distribution<size_t> pick(0, i - 1);
    std::swap(next[i], next[pick(rng)]);
  }
  starts->assign(walks, 0);
  const size_t gap = std::max<size_t>(1, lines / walks);
  unsigned j = 0;
  for (size_t w = 0, k = 0; w < walks; ++k, j = next[j]) {
    if (k % gap == 0) (*starts)[w++] = j << 5;
  }
  return next;
}

inline void chase_cycles(DeviceBuffer<long long>& cycles, int count, std::vector<long long>* out) {
  out->assign(count, 0);
  CK(cudaMemcpy(out->data(), cycles.get(), count * sizeof(long long), cudaMemcpyDeviceToHost));
}

// Mem_LD and the departure delays (README: how they are estimated).
inline Latency latency(const DeviceInfo& d, const Config& cfg) {
  const size_t lines = cfg.chase_bytes / 128;
  Latency out;
  out.warps = std::min(32, d.prop.maxThreadsPerBlock / 32);
  const size_t walks = size_t(out.warps) * kCoalChains;
  std::vector<unsigned> starts;
  DeviceBuffer<unsigned> buf(lines * 32);
  {
    const std::vector<unsigned> next = random_cycle(lines, walks, &starts);
    DeviceBuffer<unsigned> next_d(lines);
    CK(cudaMemcpy(next_d.get(), next.data(), lines * sizeof(unsigned), cudaMemcpyHostToDevice));
    fill_chain<<<d.full_grid(256), 256>>>(buf.get(), next_d.get(), lines);
    CK_LAUNCH("fill_chain");
    CK(cudaDeviceSynchronize());
  }
  DeviceBuffer<unsigned> starts_d(walks), sink(1024);
  DeviceBuffer<long long> cycles_d(32);
  CK(cudaMemcpy(starts_d.get(), starts.data(), walks * sizeof(unsigned), cudaMemcpyHostToDevice));
  EventTimer timer;
  std::vector<long long> c;
  std::vector<double> cyc, ns, mhz, unc, coal;
  const int steps = cfg.chase_steps;
  // A walk first that is not timed: the buffer's pages enter the GPU's
  // TLBs and the SM clock settles before the repeats.
  chase_one<<<1, 1>>>(buf.get(), starts[0], steps, sink.get(), cycles_d.get());
  CK_LAUNCH("chase_one (warm-up)");
  CK(cudaDeviceSynchronize());
  for (int r = 0; r < cfg.repeats; ++r) {
    timer.start();
    chase_one<<<1, 1>>>(buf.get(), starts[(r + 1) % walks], steps, sink.get(), cycles_d.get());
    CK_LAUNCH("chase_one");
    const double s = timer.stop();
    chase_cycles(cycles_d, 1, &c);
    cyc.push_back(double(c[0]) / steps);
    ns.push_back(s * 1e9 / steps);
    mhz.push_back(double(c[0]) / s / 1e6);
  }
  const int lane_steps = std::max(100, steps / 8);
  const int warp_steps = std::max(50, steps / 50);
  for (int r = 0; r < cfg.repeats; ++r) {
    chase_lanes<<<1, 32>>>(buf.get(), starts_d.get() + (size_t(r) * 32) % (walks - 31),
                           lane_steps, sink.get(), cycles_d.get());
    CK_LAUNCH("chase_lanes");
    chase_cycles(cycles_d, 1, &c);
    unc.push_back(double(c[0]) / lane_steps);
    chase_warps<kCoalChains><<<1, out.warps * 32>>>(buf.get(), starts_d.get(), warp_steps,
                                                   sink.get(), cycles_d.get());
    CK_LAUNCH("chase_warps");
    chase_cycles(cycles_d, out.warps, &c);
    coal.push_back(double(*std::max_element(c.begin(), c.end())) / warp_steps);
  }
  out.cycles = without_outlier(cyc, false, kLatencyTolerance);
  out.ns = without_outlier(ns, false, kLatencyTolerance);
  out.clock_mhz = summarize(mhz, false);
  out.uncoal_step = summarize(unc, false);
  out.coal_step = summarize(coal, false);
  out.del_uncoal = (out.uncoal_step.median - out.cycles.median) / 31.0;
  out.del_coal = out.coal_step.median / (double(out.warps) * kCoalChains);
  out.coal_saturated = out.coal_step.median > 1.5 * out.cycles.median;
  return out;
}

struct Bus {
  Summary h2d_pinned, d2h_pinned, h2d_pageable, d2h_pageable;  // GB/s
  Summary latency_us;                                           // one 8-byte copy
};

// cudaMemcpy of `bytes`, timed on the host up to the end of the transfer.
inline Summary copy_rate(const Config& cfg, void* dst, const void* src, size_t bytes,
                         cudaMemcpyKind kind) {
  CK(cudaMemcpy(dst, src, bytes, kind));
  CK(cudaDeviceSynchronize());
  std::vector<double> v;
  for (int r = 0; r < cfg.repeats; ++r) {
    const double t0 = now_s();
    CK(cudaMemcpy(dst, src, bytes, kind));
    CK(cudaDeviceSynchronize());
    v.push_back(double(bytes) / (now_s() - t0) / 1e9);
  }
  return summarize(v, true);
}

inline Bus bus(const Config& cfg) {
  const size_t bytes = cfg.bus_bytes;
  DeviceBuffer<char> dev(bytes);
  PinnedBuffer<char> pinned(bytes);
  std::memset(pinned.get(), 1, bytes);
  std::vector<char> pageable(bytes, 1);
  Bus b;
  b.h2d_pinned = copy_rate(cfg, dev.get(), pinned.get(), bytes, cudaMemcpyHostToDevice);
  b.d2h_pinned = copy_rate(cfg, pinned.get(), dev.get(), bytes, cudaMemcpyDeviceToHost);
  b.h2d_pageable = copy_rate(cfg, dev.get(), pageable.data(), bytes, cudaMemcpyHostToDevice);
  b.d2h_pageable = copy_rate(cfg, pageable.data(), dev.get(), bytes, cudaMemcpyDeviceToHost);
  std::vector<double> lat;
  for (int k = 0; k < 101; ++k) {
    const double t0 = now_s();
    CK(cudaMemcpy(dev.get(), pinned.get(), 8, cudaMemcpyHostToDevice));
    CK(cudaDeviceSynchronize());
    lat.push_back((now_s() - t0) * 1e6);
  }
  b.latency_us = summarize(lat, false);
  return b;
}

// Board energy by integrating NVML power samples (every 10 ms) over the
// time between start() and finish(): the fallback where the board has
// no energy counter.
class PowerSampler {
 public:
  explicit PowerSampler(const Nvml& nvml) : nvml_(nvml) {}
  PowerSampler(const PowerSampler&) = delete;
  PowerSampler& operator=(const PowerSampler&) = delete;
  ~PowerSampler() { finish(); }

  void start() {
    stop_ = false;
    thread_ = std::thread([this] { loop(); });
  }
  // Joules since start().
  double finish() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    return joules_;
  }
  int samples() const { return samples_; }

 private:
  void loop() {
    unsigned mw = 0;
    double last_t = now_s();
    double last_w = nvml_.power_mw(&mw) ? mw * 1e-3 : 0.0;
    while (!stop_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (!nvml_.power_mw(&mw)) continue;
      const double t = now_s(), w = mw * 1e-3;
      joules_ += 0.5 * (w + last_w) * (t - last_t);
      last_t = t;
      last_w = w;
      ++samples_;
    }
    joules_ += last_w * (now_s() - last_t);
  }

  const Nvml& nvml_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  double joules_ = 0;
  int samples_ = 0;
};

// Median board power with nothing running, after a second of rest; W.
inline Summary idle_power(const Nvml& nvml, const Config& cfg) {
  std::this_thread::sleep_for(std::chrono::seconds(1));
  std::vector<double> w;
  const double end = now_s() + cfg.idle_s;
  while (now_s() < end) {
    unsigned mw = 0;
    if (nvml.power_mw(&mw)) w.push_back(mw * 1e-3);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return summarize(w, false);
}

}  // namespace probe
