// probe_util.h: errors, buffers, timing, statistics and the CSV writer of
// hetscope-probe. Host code only.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace probe {

// A failed CUDA call becomes an exception naming the call and the error.
inline void check(cudaError_t e, const char* what, const char* file, int line) {
  if (e == cudaSuccess) return;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s: %s (%s:%d)", what, cudaGetErrorString(e), file, line);
  throw std::runtime_error(buf);
}

#define CK(call) ::probe::check((call), #call, __FILE__, __LINE__)
#define CK_LAUNCH(name) ::probe::check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)

// Seconds on the host's steady clock.
inline double now_s() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

// GPU time between two events on the default stream, in seconds.
class EventTimer {
 public:
  EventTimer() {
    CK(cudaEventCreate(&a_));
    CK(cudaEventCreate(&b_));
  }
  ~EventTimer() {
    if (a_) cudaEventDestroy(a_);
    if (b_) cudaEventDestroy(b_);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  void start() { CK(cudaEventRecord(a_, 0)); }
  double stop() {
    CK(cudaEventRecord(b_, 0));
    CK(cudaEventSynchronize(b_));
    float ms = 0.f;
    CK(cudaEventElapsedTime(&ms, a_, b_));
    return ms * 1e-3;
  }

 private:
  cudaEvent_t a_ = nullptr;
  cudaEvent_t b_ = nullptr;
};

// Device memory of n elements, freed on scope exit.
template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t n) : n_(n) {
    CK(cudaMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T)));
  }
  ~DeviceBuffer() {
    if (p_) cudaFree(p_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return p_; }
  size_t size() const { return n_; }
  size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  size_t n_;
};

// Page-locked host memory of n elements, freed on scope exit.
template <typename T>
class PinnedBuffer {
 public:
  explicit PinnedBuffer(size_t n) : n_(n) {
    CK(cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)));
  }
  ~PinnedBuffer() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  T* get() const { return p_; }
  size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  size_t n_;
};

// Repeated measurements reduced to one number and their spread.
struct Summary {
  double best = 0;    // highest for rates, lowest for times
  double median = 0;
  double spread = 0;  // (max - min) / median
  int dropped = 0;    // repeats left out as outliers (see without_outlier)
  double outlier = 0; // the value left out, where one was
};

inline Summary summarize(std::vector<double> v, bool higher_is_better) {
  Summary s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  s.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  s.best = higher_is_better ? v.back() : v.front();
  s.spread = s.median > 0 ? (v.back() - v.front()) / s.median : 0;
  return s;
}

// Repeats of a value that should not move (a latency): where the repeats
// spread by more than `tolerance` and there are at least five, the one
// farthest from the median is left out (one slow walk among them: a
// page-table walk, a clock step) and the rest summarized; `dropped` and
// `outlier` say so, so that the CSV can report it.
inline Summary without_outlier(std::vector<double> v, bool higher_is_better, double tolerance) {
  Summary all = summarize(v, higher_is_better);
  if (v.size() < 5 || all.spread <= tolerance) return all;
  size_t far = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    if (std::fabs(v[i] - all.median) > std::fabs(v[far] - all.median)) far = i;
  }
  const double value = v[far];
  v.erase(v.begin() + long(far));
  Summary kept = summarize(v, higher_is_better);
  kept.dropped = 1;
  kept.outlier = value;
  return kept;
}

// The largest power of two not above x (x >= 1).
inline size_t floor_pow2(size_t x) {
  size_t p = 1;
  while (p <= x / 2) p *= 2;
  return p;
}

inline int log2_exact(size_t x) {
  int k = 0;
  while ((size_t(1) << k) < x) ++k;
  return k;
}

// The probe's output: comment lines, the header, one value a row
// (format: README.md beside this file).
class Csv {
 public:
  static constexpr double kNoSpread = -1;

  void comment(const std::string& text) { comments_.push_back("# " + one_line(text)); }

  void text(const std::string& section, const std::string& key, const std::string& value,
            const std::string& note = "") {
    add(section, "", key, one_line(value), "", kNoSpread, note);
  }

  void number(const std::string& section, const std::string& key, double value,
              const std::string& unit, double spread = kNoSpread, const std::string& note = "") {
    add(section, "", key, num(value), unit, spread, note);
  }

  void item(const std::string& section, const std::string& item, const std::string& key,
            double value, const std::string& unit, double spread = kNoSpread,
            const std::string& note = "") {
    add(section, item, key, num(value), unit, spread, note);
  }

  // Write to `path` by way of a temporary file renamed over it; false
  // with the reason in `error`.
  bool write(const std::string& path, std::string* error) const {
    const std::string tmp = path + ".partial";
    std::FILE* f = std::fopen(tmp.c_str(), "w");
    if (!f) {
      *error = "cannot create " + tmp + ": " + std::strerror(errno);
      return false;
    }
    bool ok = true;
    for (const auto& c : comments_) ok = ok && std::fprintf(f, "%s\n", c.c_str()) >= 0;
    ok = ok && std::fprintf(f, "section,item,key,value,unit,spread,note\n") >= 0;
    for (const auto& r : rows_) ok = ok && std::fprintf(f, "%s\n", r.c_str()) >= 0;
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
      *error = "cannot write " + path + ": " + std::strerror(errno);
      std::remove(tmp.c_str());
      return false;
    }
    return true;
  }

 private:
  void add(const std::string& section, const std::string& item, const std::string& key,
           const std::string& value, const std::string& unit, double spread,
           const std::string& note) {
    std::string row = field(section) + "," + field(item) + "," + field(key) + "," + field(value) +
                      "," + field(unit) + "," + (spread >= 0 ? num(spread) : "") + "," +
                      field(one_line(note));
    rows_.push_back(row);
  }

  static std::string one_line(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
  }

  // A field in quotes (inner quotes doubled) where it holds a comma or a quote.
  static std::string field(const std::string& s) {
    if (s.find_first_of(",\"") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) {
      if (c == '"') q += '"';
      q += c;
    }
    return q + "\"";
  }

  static std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
  }

  std::vector<std::string> comments_;
  std::vector<std::string> rows_;
};

}  // namespace probe
