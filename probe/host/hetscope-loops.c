/* hetscope-loops: the offload suite's host loops (loops_kernels.h) timed
 * with OpenMP at sizes from cache-resident to DRAM and at 1, 2, 4, ...
 * threads, written as one CSV file that `hetscope validate` compares with
 * the OpenMP host model. See README.md.
 *
 *   cc -O3 -march=native -fopenmp -o hetscope-loops hetscope-loops.c -lm
 *   hetscope-loops [--quick] [--threads 1,2] [--kernels GEMM,ATAX1]
 *                  [--sizes 256,1024] [--out FILE.csv]
 *   hetscope-loops --check     (self-checks; no timing)
 *   hetscope-loops --list      (the kernels and their default sizes) */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loops_kernels.h"

#ifndef HETSCOPE_CFLAGS
#define HETSCOPE_CFLAGS "unknown"
#endif
#if defined(__clang__) || !defined(__GNUC__)
#define COMPILER __VERSION__
#elif defined(__VERSION__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown"
#endif

volatile float loops_alpha = 1.5f, loops_beta = 1.2f, loops_one = 1.0f, loops_zero = 0.0f;

#define MAX_LIST 32
#define FORMAT 1

typedef struct {
  int quick, check, list;
  long threads[MAX_LIST];
  int n_threads;
  long sizes[MAX_LIST];
  int n_sizes;
  const char *kernels[MAX_LIST];
  int n_kernels;
  const char *out;
} Options;

static const char *USAGE =
    "usage: hetscope-loops [--quick] [--threads LIST] [--kernels LIST] [--sizes LIST] [--out FILE.csv]\n"
    "       hetscope-loops --check | --list\n"
    "  --quick         three sizes per kernel, shorter samples (under a minute on two cores)\n"
    "  --threads LIST  thread counts, e.g. 1,2,4 (default 1, 2, 4, ... and every logical CPU)\n"
    "  --kernels LIST  kernels by name (default all; --list names them)\n"
    "  --sizes LIST    problem sizes n for every kernel (default: each kernel's own)\n"
    "  --out FILE      the CSV to write (default hetscope-loops.csv)\n";

static int bad(const char *what, const char *arg) {
  fprintf(stderr, "hetscope-loops: %s '%s'\n%s", what, arg ? arg : "", USAGE);
  return 2;
}

/* A comma list of positive integers; 0 when it is not one. */
static int parse_longs(const char *s, long *out, int *count) {
  *count = 0;
  while (*s) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || errno || v <= 0 || v > 1000000 || *count == MAX_LIST) return 0;
    out[(*count)++] = v;
    if (*end == ',') end++;
    else if (*end) return 0;
    s = end;
  }
  return *count > 0;
}

static const Kernel *kernel_named(const char *name) {
  for (size_t k = 0; k < KERNEL_COUNT; k++)
    if (strcasecmp(KERNELS[k].name, name) == 0) return &KERNELS[k];
  return NULL;
}

static int parse_kernels(char *s, Options *o) {
  o->n_kernels = 0;
  for (char *t = strtok(s, ","); t; t = strtok(NULL, ",")) {
    if (!kernel_named(t) || o->n_kernels == MAX_LIST) return 0;
    o->kernels[o->n_kernels++] = kernel_named(t)->name;
  }
  return o->n_kernels > 0;
}

static int parse_args(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->out = "hetscope-loops.csv";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--quick")) o->quick = 1;
    else if (!strcmp(a, "--check")) o->check = 1;
    else if (!strcmp(a, "--list")) o->list = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(USAGE, stdout); exit(0); }
    else if (!v) return bad("missing value after", a);
    else if (!strcmp(a, "--threads")) { if (!parse_longs(v, o->threads, &o->n_threads)) return bad("--threads: not a list of thread counts:", v); i++; }
    else if (!strcmp(a, "--sizes")) { if (!parse_longs(v, o->sizes, &o->n_sizes)) return bad("--sizes: not a list of sizes of 3 or more:", v); i++; }
    else if (!strcmp(a, "--kernels")) { if (!parse_kernels(argv[i + 1], o)) return bad("--kernels: unknown kernel in", v); i++; }
    else if (!strcmp(a, "--out")) { o->out = v; i++; }
    else return bad("unknown option", a);
  }
  for (int s = 0; s < o->n_sizes; s++)
    if (o->sizes[s] < 3) return bad("--sizes: every size at least 3:", "");
  return 0;
}

/* Default sizes: from inside a core's L1/L2 to well past a server's L3. */
static int default_sizes(Shape shape, int quick, long *out) {
  static const long square[] = {128, 256, 512, 1024, 2048, 4096, 8192};
  static const long square_q[] = {256, 1024, 4096};
  static const long cube[] = {64, 128, 256, 512, 1024};
  static const long cube_q[] = {128, 256, 512};
  static const long volume[] = {32, 64, 128, 256};
  static const long volume_q[] = {32, 64, 128};
  const long *src;
  int count;
  switch (shape) {
    case SQUARE: src = quick ? square_q : square; count = quick ? 3 : 7; break;
    case CUBE: src = quick ? cube_q : cube; count = quick ? 3 : 5; break;
    default: src = quick ? volume_q : volume; count = quick ? 3 : 4; break;
  }
  memcpy(out, src, (size_t)count * sizeof(long));
  return count;
}

static void default_threads(Options *o) {
  long max = omp_get_num_procs();
  o->n_threads = 0;
  for (long t = 1; t < max && o->n_threads < MAX_LIST - 1; t *= 2) o->threads[o->n_threads++] = t;
  o->threads[o->n_threads++] = max;
}

static float *array(size_t count) {
  size_t bytes = ((count * sizeof(float) + 63) / 64) * 64;
  return aligned_alloc(64, bytes ? bytes : 64);
}

static void free_arrays(Arrays *d) {
  free(d->a); free(d->b); free(d->c); free(d->x); free(d->y); free(d->v);
  memset(d, 0, sizeof *d);
}

/* Arrays for kernel k at size n, filled in parallel (first touch by the
 * threads that use them); 0 when memory runs out. */
static int alloc_arrays(const Kernel *k, long n, Arrays *d) {
  size_t big = (size_t)n * (size_t)n * (k->shape == VOLUME ? (size_t)n : 1);
  memset(d, 0, sizeof *d);
  d->n = n;
  d->a = array(big);
  d->b = k->uses_b ? array(big) : NULL;
  d->c = k->uses_c ? array(big) : NULL;
  d->x = array((size_t)n);
  d->y = array((size_t)n);
  d->v = array((size_t)n);
  if (!d->a || (k->uses_b && !d->b) || (k->uses_c && !d->c) || !d->x || !d->y || !d->v) {
    free_arrays(d);
    return 0;
  }
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < big; i++) {
    d->a[i] = (float)((i * 7 + 3) % 101) / 101.0f;
    if (d->b) d->b[i] = (float)((i * 11 + 5) % 103) / 103.0f;
    if (d->c) d->c[i] = (float)((i * 13 + 1) % 107) / 107.0f;
  }
  for (long i = 0; i < n; i++) {
    d->x[i] = k->centred ? 1.0f / sqrtf((float)n) : (float)((i * 5 + 2) % 97) / 97.0f;
    d->y[i] = 0.0f;
    d->v[i] = k->centred ? 0.0f : 0.5f;
  }
  return 1;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef struct {
  double best, median, spread;
  long reps;
  int samples;
} Timing;

/* Time k on d: a warm-up run, then samples of `reps` runs each (reps so
 * that a sample lasts at least min_s); per-run best and median. */
static Timing time_kernel(const Kernel *k, Arrays *d, double min_s, int samples) {
  double t0 = omp_get_wtime();
  k->run(d);
  double first = omp_get_wtime() - t0;
  long reps = first >= min_s ? 1 : (long)(min_s / (first > 1e-9 ? first : 1e-9)) + 1;
  if (first > 2.0) samples = samples > 2 ? 2 : samples;
  double per_run[16];
  for (int s = 0; s < samples; s++) {
    double t = omp_get_wtime();
    for (long r = 0; r < reps; r++) k->run(d);
    per_run[s] = (omp_get_wtime() - t) / (double)reps;
  }
  qsort(per_run, (size_t)samples, sizeof(double), compare_doubles);
  Timing out = {per_run[0], per_run[samples / 2], 0.0, reps, samples};
  out.spread = out.median > 0.0 ? (per_run[samples - 1] - per_run[0]) / out.median : 0.0;
  return out;
}

int loops_self_check(void);

static void write_header(FILE *f, const Options *o) {
  char host[256] = "unknown";
  gethostname(host, sizeof host - 1);
  char cpu[256] = "unknown";
  FILE *info = fopen("/proc/cpuinfo", "r");
  char line[512];
  while (info && fgets(line, sizeof line, info))
    if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
      snprintf(cpu, sizeof cpu, "%s", strchr(line, ':') + 2);
      cpu[strcspn(cpu, "\n,")] = 0;
      break;
    }
  if (info) fclose(info);
  fprintf(f, "# hetscope-loops: the offload suite's host loops (probe/host/README.md of hetscope)\n");
  fprintf(f, "# format: %d\n# compiler: %s\n# cflags: %s\n", FORMAT, COMPILER, HETSCOPE_CFLAGS);
  fprintf(f, "# host: %s\n# cpu: %s\n# logical_cpus: %d\n", host, cpu, omp_get_num_procs());
  fprintf(f, "# mode: %s\n", o->quick ? "quick" : "full");
  fprintf(f, "# timing: per run; best and median of the samples, each sample at least %g s of runs on warm data\n",
          o->quick ? 0.01 : 0.05);
  fprintf(f, "kernel,n,threads,seconds,median_s,spread,reps,samples\n");
}

static int run_all(const Options *o, FILE *f) {
  int total = 0, done = 0;
  long sizes[MAX_LIST];
  for (int ki = 0; ki < o->n_kernels; ki++) {
    const Kernel *k = kernel_named(o->kernels[ki]);
    total += (o->n_sizes ? o->n_sizes : default_sizes(k->shape, o->quick, sizes)) * o->n_threads;
  }
  for (int ki = 0; ki < o->n_kernels; ki++) {
    const Kernel *k = kernel_named(o->kernels[ki]);
    int n_sizes = o->n_sizes ? o->n_sizes : default_sizes(k->shape, o->quick, sizes);
    if (o->n_sizes) memcpy(sizes, o->sizes, sizeof(long) * (size_t)n_sizes);
    for (int si = 0; si < n_sizes; si++) {
      Arrays d;
      if (!alloc_arrays(k, sizes[si], &d)) {
        fprintf(stderr, "hetscope-loops: %s n=%ld: out of memory\n", k->name, sizes[si]);
        return 1;
      }
      for (int ti = 0; ti < o->n_threads; ti++) {
        omp_set_num_threads((int)o->threads[ti]);
        fprintf(stderr, "[%d/%d] %s n=%ld threads=%ld\n", ++done, total, k->name, sizes[si], o->threads[ti]);
        Timing t = time_kernel(k, &d, o->quick ? 0.01 : 0.05, o->quick ? 3 : 5);
        fprintf(f, "%s,%ld,%ld,%.6g,%.6g,%.4f,%ld,%d\n", k->name, sizes[si], o->threads[ti], t.best,
                t.median, t.spread, t.reps, t.samples);
      }
      free_arrays(&d);
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  Options o;
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc;
  if (o.check) return loops_self_check();
  if (o.list) {
    long sizes[MAX_LIST];
    for (size_t k = 0; k < KERNEL_COUNT; k++) {
      int c = default_sizes(KERNELS[k].shape, 0, sizes);
      printf("%s", KERNELS[k].name);
      for (int s = 0; s < c; s++) printf("%c%ld", s ? ',' : ' ', sizes[s]);
      printf("\n");
    }
    return 0;
  }
  if (!o.n_threads) default_threads(&o);
  if (!o.n_kernels)
    for (size_t k = 0; k < KERNEL_COUNT; k++) o.kernels[o.n_kernels++] = KERNELS[k].name;
  /* Written to FILE.partial and renamed at the end: no half-written CSV. */
  char partial[4096];
  if (snprintf(partial, sizeof partial, "%s.partial", o.out) >= (int)sizeof partial)
    return bad("--out: path too long:", o.out);
  FILE *f = fopen(partial, "w");
  if (!f) {
    fprintf(stderr, "hetscope-loops: --out %s: %s\n", o.out, strerror(errno));
    return 1;
  }
  write_header(f, &o);
  rc = run_all(&o, f);
  if (fclose(f) != 0 && !rc) rc = 1;
  if (!rc && rename(partial, o.out) != 0) {
    fprintf(stderr, "hetscope-loops: --out %s: %s\n", o.out, strerror(errno));
    rc = 1;
  }
  if (rc) remove(partial);
  return rc;
}

#include "loops_check.h"
