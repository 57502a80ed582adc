// hetscope-probe: measures what hetscope's models need from one NVIDIA GPU
// (FMA roofs, memory bandwidths, DRAM latency and departure delays, host
// link, board energy, a speed function) and writes one CSV. The format,
// every row and how it is measured: README.md beside this file. Build
// with the Makefile (nvcc); it is not part of the Rust build.
//
//   hetscope-probe [--quick] [--device N] [--out FILE.csv]
//   hetscope presets import-probe FILE.csv --out my-gpu.ron

#include <cuda_runtime.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

#include "probe_measure.cuh"

namespace probe {
namespace {

const char* const kTool = "hetscope-probe 1.1";

const char* const kUsage =
    "usage: hetscope-probe [--quick] [--device N] [--out FILE.csv]\n"
    "  --quick      fewer repeats, smaller buffers, shorter energy runs\n"
    "  --device N   the CUDA device to probe (default 0)\n"
    "  --out FILE   the CSV to write (default hetscope-probe.csv)\n";

struct Options {
  bool quick = false;
  bool help = false;
  int device = 0;
  std::string out = "hetscope-probe.csv";
};

bool parse_options(int argc, char** argv, Options* o, std::string* error) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--quick") {
      o->quick = true;
    } else if (a == "--help" || a == "-h") {
      o->help = true;
    } else if (a == "--device" && has_value) {
      const char* v = argv[++i];
      char* end = nullptr;
      const long d = std::strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || d < 0 || d > 4096) {
        *error = std::string("--device ") + v + ": not a device number";
        return false;
      }
      o->device = int(d);
    } else if (a == "--out" && has_value && argv[i + 1][0] != '\0') {
      o->out = argv[++i];
    } else if (a == "--device" || a == "--out") {
      *error = a + " needs a value";
      return false;
    } else {
      *error = "unknown argument " + a;
      return false;
    }
  }
  return true;
}

void say(const std::string& s) { std::fprintf(stderr, "hetscope-probe: %s\n", s.c_str()); }

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string version(int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); }

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string host_name() {
  char buf[256] = {0};
  if (gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return "unknown";
  return buf;
}

void write_run(Csv& csv, const DeviceInfo& d, const Options& o, const Config& cfg) {
  int rt = 0, drv = 0;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  const std::string date = utc_now();
  csv.comment(std::string(kTool) + ": " + d.prop.name + " (CUDA device " +
              std::to_string(d.index) + ") on " + host_name() + ", " + date);
  csv.comment("Format: probe/gpu/README.md of hetscope. Rates: best of " +
              std::to_string(cfg.repeats) +
              " repeats; times and latencies: median; spread = (max - min) / median.");
  csv.comment("Import: hetscope presets import-probe THIS.csv --out my-gpu.ron");
  csv.number("probe", "format", 1, "");
  csv.text("probe", "generator",
           std::string(kTool) + " (CUDA runtime " + version(rt) + ", driver " + version(drv) + ")");
  csv.text("probe", "date", date);
  csv.text("probe", "host", host_name());
  csv.text("probe", "mode", o.quick ? "quick" : "full");
}

void write_device(Csv& csv, const DeviceInfo& d, const Nvml& nvml, bool nvml_ok) {
  const cudaDeviceProp& p = d.prop;
  csv.number("device", "index", d.index, "");
  csv.text("device", "name", p.name);
  csv.text("device", "compute_capability", std::to_string(p.major) + "." + std::to_string(p.minor));
  csv.number("device", "sm_count", p.multiProcessorCount, "SMs");
  csv.number("device", "cores_per_sm", d.cores_per_sm, "cores", Csv::kNoSpread,
             d.cores_known ? "the probe's table of compute capabilities"
                           : "compute capability not in the probe's table: 128 assumed");
  if (d.clock_khz > 0) csv.number("device", "clock_max_mhz", d.clock_khz / 1000.0, "MHz");
  csv.number("device", "memory_gib", double(p.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0), "GiB");
  csv.number("device", "l2_cache_bytes", double(p.l2CacheSize), "B", Csv::kNoSpread,
             "cudaDeviceProp::l2CacheSize");
  csv.number("device", "max_threads_per_sm", p.maxThreadsPerMultiProcessor, "threads");
  csv.number("device", "max_blocks_per_sm", p.maxBlocksPerMultiProcessor, "blocks");
  unsigned mw = 0;
  if (nvml_ok && nvml.power_limit_mw(&mw)) {
    csv.number("device", "power_limit_w", mw / 1000.0, "W", Csv::kNoSpread, "NVML enforced power limit");
  } else {
    csv.comment("device,,power_limit_w: not known without NVML; to import, add the row with the "
                "board's datasheet value and say so in its note");
  }
}

void write_roofs(Csv& csv, const DeviceInfo& d, const Config& cfg) {
  say("FMA roofs");
  const Summary f32 = fma_roof<float>(d, cfg);
  const Summary f64 = fma_roof<double>(d, cfg);
  csv.number("roof", "fp32_gflops", f32.best, "GFLOP/s", f32.spread, "FP32 FMA chains, best");
  csv.number("roof", "fp64_gflops", f64.best, "GFLOP/s", f64.spread, "FP64 FMA chains, best");
  say("FP32 " + fmt("%.0f", f32.best) + " GFLOP/s, FP64 " + fmt("%.0f", f64.best) + " GFLOP/s");
  say("memory bandwidths");
  const Bandwidths b = bandwidths(d, cfg);
  const std::string mib = fmt("%.0f", cfg.stream_bytes / 1048576.0) + " MiB buffers";
  csv.number("roof", "copy_gbs", b.copy.best, "GB/s", b.copy.spread,
             "float4 copy, bytes read + written, " + mib);
  csv.number("roof", "coalesced_gbs", b.coalesced.best, "GB/s", b.coalesced.spread,
             "4-byte coalesced reads, " + mib);
  csv.number("roof", "strided_gbs", b.strided.best, "GB/s", b.strided.spread,
             "4-byte reads, 32 lines a warp (128-byte stride), bytes used, " + mib);
  say("copy " + fmt("%.0f", b.copy.best) + " GB/s, coalesced " + fmt("%.0f", b.coalesced.best) +
      " GB/s, strided " + fmt("%.1f", b.strided.best) + " GB/s");
}

// "; 1 repeat left out (x unit, more than 10 % from the median)" where
// without_outlier left one out, else nothing.
std::string dropped_note(const Summary& s, const char* unit) {
  if (s.dropped == 0) return "";
  return "; " + std::to_string(s.dropped) + " repeat left out (" + fmt("%.4g", s.outlier) + " " +
         unit + ", more than 10 % from the median)";
}

void write_latency(Csv& csv, const DeviceInfo& d, const Config& cfg) {
  say("DRAM latency and departure delays");
  const Latency l = latency(d, cfg);
  const std::string buf = fmt("%.0f", cfg.chase_bytes / 1048576.0) + " MiB random cycle";
  csv.number("latency", "mem_ld_cycles", l.cycles.median, "cycles", l.cycles.spread,
             "one-thread pointer chase (clock64), " + buf + ", after a warm-up walk" +
                 dropped_note(l.cycles, "cycles"));
  csv.number("latency", "mem_ld_ns", l.ns.median, "ns", l.ns.spread,
             "one-thread pointer chase (CUDA events), " + buf + ", after a warm-up walk" +
                 dropped_note(l.ns, "ns"));
  csv.number("latency", "sm_clock_mhz", l.clock_mhz.median, "MHz", l.clock_mhz.spread,
             "SM clock during the chase: cycles / time");
  const std::string chains = std::to_string(l.warps) + " warps x " + std::to_string(kCoalChains);
  csv.number("latency", "departure_del_coal", l.del_coal, "cycles", l.coal_step.spread,
             "one block, " + chains + " coalesced walks: step " + fmt("%.0f", l.coal_step.median) +
                 " cycles / walks" +
                 (l.coal_saturated ? "" : "; not saturated (step near Mem_LD): an upper bound"));
  if (l.del_uncoal > 0) {
    csv.number("latency", "departure_del_uncoal", l.del_uncoal, "cycles", l.uncoal_step.spread,
               "one warp, 32 walks: (step " + fmt("%.0f", l.uncoal_step.median) +
                   " - Mem_LD) / 31");
  } else {
    csv.comment("latency,,departure_del_uncoal: 32 scattered loads of a warp took no longer than "
                "one, so no delay could be estimated");
  }
  say("Mem_LD " + fmt("%.0f", l.cycles.median) + " cycles (" + fmt("%.0f", l.ns.median) + " ns)");
}

void write_bus(Csv& csv, const Config& cfg) {
  say("host-device copies");
  const Bus b = bus(cfg);
  const std::string mib = fmt("%.0f", cfg.bus_bytes / 1048576.0) + " MiB cudaMemcpy";
  csv.number("bus", "h2d_pinned_gbs", b.h2d_pinned.best, "GB/s", b.h2d_pinned.spread, mib);
  csv.number("bus", "d2h_pinned_gbs", b.d2h_pinned.best, "GB/s", b.d2h_pinned.spread, mib);
  csv.number("bus", "h2d_pageable_gbs", b.h2d_pageable.best, "GB/s", b.h2d_pageable.spread, mib);
  csv.number("bus", "d2h_pageable_gbs", b.d2h_pageable.best, "GB/s", b.d2h_pageable.spread, mib);
  csv.number("bus", "latency_us", b.latency_us.median, "us", b.latency_us.spread,
             "8-byte copy from pinned memory, median of 101");
}

void write_speed(Csv& csv, const Config& cfg) {
  say("triad speed function");
  const size_t nmax = cfg.speed_max;
  DeviceBuffer<double> a(nmax), b(nmax), c(nmax);
  CK(cudaMemset(b.get(), 0, b.bytes()));
  CK(cudaMemset(c.get(), 0, c.bytes()));
  csv.text("speed", "kernel", "triad_f64",
           "a[i] = b[i] + s c[i] on f64 vectors, one element a thread, data on the device");
  csv.number("speed", "flops_per_element", 2, "flop");
  csv.number("speed", "bytes_per_element", 24, "B");
  EventTimer timer;
  int point = 0;
  for (size_t n = size_t(1) << 12; n <= nmax; n *= size_t(cfg.speed_step)) {
    const unsigned grid = unsigned((n + 255) / 256);
    auto launch = [&] {
      triad_kernel<<<grid, 256>>>(a.get(), b.get(), c.get(), 3.0, n);
      CK_LAUNCH("triad_kernel");
    };
    launch();
    timer.start();
    launch();
    const double once = std::max(timer.stop(), 1e-7);
    const int inner = int(std::min(10000.0, std::max(1.0, std::ceil(0.01 / once))));
    std::vector<double> t;
    for (int r = 0; r < cfg.repeats; ++r) {
      timer.start();
      for (int k = 0; k < inner; ++k) launch();
      t.push_back(timer.stop() / inner);
    }
    const Summary s = summarize(t, false);
    char label[16];
    std::snprintf(label, sizeof label, "p%02d", ++point);
    csv.item("speed", label, "n", double(n), "elements");
    csv.item("speed", label, "seconds", s.median, "s", s.spread,
             "median of " + std::to_string(cfg.repeats) + " x " + std::to_string(inner) + " launches");
    csv.item("speed", label, "gflops", 2.0 * double(n) / s.median / 1e9, "GFLOP/s");
  }
}

// One energy run per FMA count k: back-to-back launches of mix_kernel for
// about cfg.energy_s, board energy from the NVML counter (or integrated
// power samples).
void write_energy(Csv& csv, const Nvml& nvml, bool counter, const DeviceInfo& d,
                  const Config& cfg) {
  say("energy runs");
  const size_t n = cfg.energy_elems;
  DeviceBuffer<float> in(n), out(n);
  CK(cudaMemset(in.get(), 0, in.bytes()));
  const int block = 256, grid = d.full_grid(block);
  const std::vector<int> ks = cfg.quick ? std::vector<int>{0, 16, 256, 4096}
                                        : std::vector<int>{0, 1, 4, 16, 64, 256, 1024, 4096};
  EventTimer timer;
  for (const int k : ks) {
    auto launch = [&] {
      mix_kernel<<<grid, block>>>(in.get(), out.get(), n, k, 0.999999f, 1e-6f);
      CK_LAUNCH("mix_kernel");
    };
    launch();
    timer.start();
    launch();
    const double once = std::max(timer.stop(), 1e-6);
    const long launches = std::max(1L, long(std::ceil(cfg.energy_s / once)));
    PowerSampler sampler(nvml);
    unsigned long long e0 = 0, e1 = 0;
    bool ok = counter ? nvml.energy_mj(&e0) : true;
    if (!counter) sampler.start();
    const double t0 = now_s();
    for (long l = 0; l < launches; ++l) launch();
    CK(cudaDeviceSynchronize());
    const double seconds = now_s() - t0;
    double joules = 0;
    if (counter) {
      ok = ok && nvml.energy_mj(&e1) && e1 > e0;
      if (ok) joules = double(e1 - e0) * 1e-3;
    } else {
      joules = sampler.finish();
      ok = sampler.samples() > 0 && joules > 0;
    }
    const std::string label = "k" + std::to_string(k);
    if (!ok) {
      csv.comment("energy run " + label + ": no energy reading, run left out");
      continue;
    }
    csv.item("energy_run", label, "fma_per_element", k, "");
    csv.item("energy_run", label, "launches", double(launches), "");
    csv.item("energy_run", label, "flops", 2.0 * k * double(n) * double(launches), "flop");
    csv.item("energy_run", label, "bytes", 8.0 * double(n) * double(launches), "B");
    csv.item("energy_run", label, "seconds", seconds, "s");
    csv.item("energy_run", label, "joules", joules, "J", Csv::kNoSpread,
             counter ? "NVML energy counter" : "NVML power samples every 10 ms, integrated");
    say(label + ": " + fmt("%.1f", joules / seconds) + " W");
  }
}

void write_energy_part(Csv& csv, const Nvml& nvml, bool nvml_ok, const DeviceInfo& d,
                       const Config& cfg) {
  unsigned long long mj = 0;
  unsigned mw = 0;
  const bool counter = nvml_ok && nvml.energy_mj(&mj);
  const bool power = nvml_ok && nvml.power_mw(&mw);
  if (!counter && !power) {
    const std::string why = nvml_ok ? "the board reports neither energy nor power" : nvml.why();
    csv.comment("No energy rows: " + why + ".");
    say("no energy rows: " + why);
    return;
  }
  csv.text("energy", "method", counter ? "counter" : "sampled",
           counter ? "nvmlDeviceGetTotalEnergyConsumption"
                   : "nvmlDeviceGetPowerUsage integrated (no energy counter)");
  write_energy(csv, nvml, counter, d, cfg);
}

int run(const Options& o) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    say(std::string("no CUDA device (") + (e != cudaSuccess ? cudaGetErrorString(e) : "none found") +
        "); nothing written");
    return 1;
  }
  if (o.device >= count) {
    say("--device " + std::to_string(o.device) + ": there are " + std::to_string(count) +
        " device(s), 0 to " + std::to_string(count - 1));
    return 2;
  }
  CK(cudaSetDevice(o.device));
  const DeviceInfo d = query_device(o.device);
  size_t free_bytes = 0, total_bytes = 0;
  CK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const Config cfg = make_config(o.quick, free_bytes, size_t(d.prop.l2CacheSize));
  Nvml nvml;
  const bool nvml_ok = nvml.open(d.bus_id);
  if (!nvml_ok) say("NVML: " + nvml.why() + "; energy rows and the power limit are left out");
  say(std::string("probing ") + d.prop.name + (o.quick ? " (quick)" : ""));
  Csv csv;
  write_run(csv, d, o, cfg);
  write_device(csv, d, nvml, nvml_ok);
  if (nvml_ok) {
    const Summary idle = idle_power(nvml, cfg);
    if (idle.median > 0) {
      csv.number("energy", "idle_w", idle.median, "W", idle.spread,
                 "NVML power, median over " + fmt("%.0f", cfg.idle_s) + " s before any work");
    }
  }
  write_roofs(csv, d, cfg);
  write_latency(csv, d, cfg);
  write_bus(csv, cfg);
  write_speed(csv, cfg);
  write_energy_part(csv, nvml, nvml_ok, d, cfg);
  std::string error;
  if (!csv.write(o.out, &error)) {
    say(error);
    return 1;
  }
  say("wrote " + o.out);
  return 0;
}

}  // namespace
}  // namespace probe

int main(int argc, char** argv) {
  probe::Options o;
  std::string error;
  if (!probe::parse_options(argc, argv, &o, &error)) {
    std::fprintf(stderr, "hetscope-probe: %s\n%s", error.c_str(), probe::kUsage);
    return 2;
  }
  if (o.help) {
    std::fputs(probe::kUsage, stdout);
    return 0;
  }
  try {
    return probe::run(o);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "hetscope-probe: %s; nothing written\n", ex.what());
    return 1;
  }
}
