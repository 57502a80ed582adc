// probe_check.cu: checks of hetscope-probe's host code (statistics, sizes,
// the pointer-chase cycle, the CSV writer) that need nvcc but no GPU.
// `make check` builds and runs it; a failed check prints what and exits 1.
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "probe_measure.cuh"

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "probe-check: FAILED: %s\n", what.c_str());
    ++failures;
  }
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(1.0, std::fabs(b)); }

void check_summaries() {
  using probe::summarize;
  const probe::Summary odd = summarize({3, 1, 2}, true);
  expect(near(odd.median, 2) && near(odd.best, 3) && near(odd.spread, 1.0),
         "summarize: median, best rate and spread of three values");
  const probe::Summary even = summarize({4, 1, 3, 2}, false);
  expect(near(even.median, 2.5) && near(even.best, 1), "summarize: even count, best time");
  expect(summarize({}, true).median == 0, "summarize: no values give zeros");

  // One slow walk among seven (Mem_LD in cycles): left out and reported.
  const probe::Summary lat = probe::without_outlier({329, 330, 328, 331, 700, 329, 330}, false, 0.1);
  expect(lat.dropped == 1 && near(lat.outlier, 700), "without_outlier: the slow walk is left out");
  expect(lat.spread < 0.1 && near(lat.median, 329.5), "without_outlier: the rest spread under 10 %");
  const probe::Summary few = probe::without_outlier({329, 700, 330}, false, 0.1);
  expect(few.dropped == 0 && few.spread > 1, "without_outlier: under five repeats nothing is left out");
  const probe::Summary steady = probe::without_outlier({329, 330, 328, 331, 329}, false, 0.1);
  expect(steady.dropped == 0, "without_outlier: steady repeats keep every value");
}

void check_sizes() {
  expect(probe::floor_pow2(1) == 1 && probe::floor_pow2(3) == 2 && probe::floor_pow2(1024) == 1024 &&
             probe::floor_pow2(1023) == 512,
         "floor_pow2");
  expect(probe::log2_exact(1) == 0 && probe::log2_exact(1024) == 10 && probe::log2_exact(1000) == 10,
         "log2_exact");
  const size_t gib = size_t(1) << 30, mib = size_t(1) << 20;
  // An H100 80GB: 79 GiB free, a 50 MiB L2.
  const probe::Config h100 = probe::make_config(false, 79 * gib, 50 * mib);
  expect(h100.chase_bytes >= 8 * 50 * mib, "make_config: the chase buffer is at least 8 x L2");
  expect(h100.chase_bytes == probe::floor_pow2(h100.chase_bytes), "make_config: chase buffer a power of two");
  expect(h100.stream_bytes == gib && h100.repeats == 7, "make_config: full run on a large board");
  // A small board: every buffer within an eighth of the free memory.
  const probe::Config small = probe::make_config(true, 256 * mib, 4 * mib);
  const size_t budget = 32 * mib;
  expect(small.chase_bytes <= budget && small.stream_bytes <= budget && small.bus_bytes <= budget &&
             small.energy_elems * sizeof(float) <= budget && small.speed_max * sizeof(double) <= budget,
         "make_config: buffers fit an eighth of a small board's memory");
  expect(small.repeats == 3, "make_config: quick run repeats three times");
}

void check_cores() {
  bool known = false;
  expect(probe::fp32_cores_per_sm(9, 0, &known) == 128 && known, "fp32 cores: sm_90");
  expect(probe::fp32_cores_per_sm(8, 0, &known) == 64 && known, "fp32 cores: sm_80");
  expect(probe::fp32_cores_per_sm(8, 6, &known) == 128 && known, "fp32 cores: sm_86");
  probe::fp32_cores_per_sm(42, 0, &known);
  expect(!known, "fp32 cores: an unknown architecture says so");
}

void check_cycle() {
  const size_t lines = 1000, walks = 64;
  std::vector<unsigned> starts;
  const std::vector<unsigned> next = probe::random_cycle(lines, walks, &starts);
  std::set<unsigned> seen;
  unsigned j = 0;
  for (size_t k = 0; k < lines; ++k, j = next[j]) seen.insert(j);
  expect(seen.size() == lines && j == 0, "random_cycle: one cycle through every line");
  std::set<unsigned> distinct;
  bool aligned = true;
  for (unsigned s : starts) {
    aligned = aligned && s % 32 == 0 && s / 32 < lines;
    distinct.insert(s);
  }
  expect(starts.size() == walks && distinct.size() == walks && aligned,
         "random_cycle: distinct walk starts at the head of a line");
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool exists(const std::string& path) { return std::ifstream(path).good(); }

void check_csv(const std::string& dir) {
  probe::Csv csv;
  csv.comment("hetscope-probe check\nsecond line");
  csv.text("device", "name", "NVIDIA \"H100\", 80GB");
  csv.number("memory", "mem_ld_cycles", 329.5, "cycles", 0.009, "one of 7 left out");
  csv.item("speed", "triad", "n_1024", 12.5, "GB/s");
  const std::string path = dir + "/probe-check.csv";
  std::string error;
  expect(csv.write(path, &error), "Csv::write to a writable folder: " + error);
  const std::string want =
      "# hetscope-probe check second line\n"
      "section,item,key,value,unit,spread,note\n"
      "device,,name,\"NVIDIA \"\"H100\"\", 80GB\",,,\n"
      "memory,,mem_ld_cycles,329.5,cycles,0.009,one of 7 left out\n"
      "speed,triad,n_1024,12.5,GB/s,,\n";
  expect(slurp(path) == want, "Csv: rows, quoting and one-line comments as written:\n" + slurp(path));
  expect(!exists(path + ".partial"), "Csv: no .partial file left after a write");
  std::remove(path.c_str());

  const std::string bad = dir + "/no-such-folder/p.csv";
  error.clear();
  expect(!csv.write(bad, &error), "Csv::write into a missing folder fails");
  expect(error.find("no-such-folder") != std::string::npos, "Csv: the error names the path: " + error);
  expect(!exists(bad) && !exists(bad + ".partial"), "Csv: a failed write leaves no file");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  check_summaries();
  check_sizes();
  check_cores();
  check_cycle();
  check_csv(dir);
  if (failures > 0) {
    std::fprintf(stderr, "probe-check: %d check(s) failed\n", failures);
    return 1;
  }
  std::printf("probe-check: every host-side check passed\n");
  return 0;
}
