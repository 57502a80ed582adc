/* The offload suite's host loops, as PolyBench's OpenMP versions write
 * them: one statically scheduled parallel outer loop, naive inner loops,
 * single precision, each accumulator a local variable (so it stays in a
 * register, as the kernel presets in presets/offload-kernels/ count it).
 * The names are the presets' names; a loop that several presets share
 * (ATAX1 = BICG2 = MVT1, ATAX2 = BICG1 = MVT2, GEMM = 2MM1 = ... = 3MM3,
 * COVAR_MEAN = CORR_MEAN) is here once, under the first name.
 *
 * Every kernel leaves its inputs as they were, so that repeated runs time
 * the same work on the same values (no drift into denormals): the
 * centring subtracts means of zero, the scalings multiply by one, and
 * these constants come from variables the compiler cannot see through. */
#ifndef HETSCOPE_LOOPS_KERNELS_H
#define HETSCOPE_LOOPS_KERNELS_H

#include <math.h>
#include <stddef.h>

/* The arrays of one kernel at one size; which are used depends on it. */
typedef struct {
  long n;
  float *a, *b, *c, *x, *y, *v;
} Arrays;

/* Constants read at run time (see the notes above). */
extern volatile float loops_alpha, loops_beta, loops_one, loops_zero;

static void k_atax1(Arrays *d) { /* for i: for j: tmp[i] += A[i][j] x[j] */
  const long n = d->n;
  const float *A = d->a, *x = d->x;
  float *tmp = d->y;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    float acc = 0.0f;
    for (long j = 0; j < n; j++) acc += A[i * n + j] * x[j];
    tmp[i] = acc;
  }
}

static void k_atax2(Arrays *d) { /* for j: for i: y[j] += A[i][j] tmp[i] */
  const long n = d->n;
  const float *A = d->a, *tmp = d->x;
  float *y = d->y;
#pragma omp parallel for schedule(static)
  for (long j = 0; j < n; j++) {
    float acc = 0.0f;
    for (long i = 0; i < n; i++) acc += A[i * n + j] * tmp[i];
    y[j] = acc;
  }
}

static void k_gesummv(Arrays *d) {
  const long n = d->n;
  const float *A = d->a, *B = d->b, *x = d->x;
  const float alpha = loops_alpha, beta = loops_beta;
  float *y = d->y;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    float t = 0.0f, s = 0.0f;
    for (long j = 0; j < n; j++) {
      t += A[i * n + j] * x[j];
      s += B[i * n + j] * x[j];
    }
    y[i] = alpha * t + beta * s;
  }
}

static void k_covar_mean(Arrays *d) { /* for j: for i: mean[j] += data[i][j] */
  const long n = d->n;
  const float *data = d->a;
  float *mean = d->y;
  const float inv_n = 1.0f / (float)n;
#pragma omp parallel for schedule(static)
  for (long j = 0; j < n; j++) {
    float acc = 0.0f;
    for (long i = 0; i < n; i++) acc += data[i * n + j];
    mean[j] = acc * inv_n;
  }
}

static void k_corr_std(Arrays *d) {
  const long n = d->n;
  const float *data = d->a, *mean = d->x;
  float *stddev = d->y;
  const float inv_n = 1.0f / (float)n;
#pragma omp parallel for schedule(static)
  for (long j = 0; j < n; j++) {
    const float m = mean[j];
    float acc = 0.0f;
    for (long i = 0; i < n; i++) {
      const float e = data[i * n + j] - m;
      acc += e * e;
    }
    const float s = sqrtf(acc * inv_n);
    stddev[j] = s <= 0.1f ? 1.0f : s;
  }
}

static void k_covar_reduce(Arrays *d) { /* data[i][j] -= mean[j] (means 0) */
  const long n = d->n;
  float *data = d->a;
  const float *mean = d->v;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) data[i * n + j] -= mean[j];
}

static void k_corr_reduce(Arrays *d) {
  /* data[i][j] = (data[i][j] - mean[j]) / (sqrt(n) stddev[j]), with means 0
   * and stddev[j] sqrt(n) = 1 */
  const long n = d->n;
  float *data = d->a;
  const float *mean = d->v, *stddev = d->x;
  const float sqrt_n = sqrtf((float)n) * loops_one;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      const float e = data[i * n + j] - mean[j];
      data[i * n + j] = e / (sqrt_n * stddev[j]);
    }
}

static void k_syrk1(Arrays *d) { /* C[i][j] *= beta (beta 1) */
  const long n = d->n;
  float *C = d->c;
  const float one = loops_one;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) C[i * n + j] *= one;
}

static void k_gemm(Arrays *d) { /* C = alpha A B + beta C (beta 0) */
  const long n = d->n;
  const float *A = d->a, *B = d->b;
  float *C = d->c;
  const float alpha = loops_alpha, beta = loops_zero;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float acc = C[i * n + j] * beta;
      for (long k = 0; k < n; k++) acc += alpha * A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

static void k_syrk2(Arrays *d) { /* C += alpha A A^T (C scaled by 0 first) */
  const long n = d->n;
  const float *A = d->a;
  float *C = d->c;
  const float alpha = loops_alpha, beta = loops_zero;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float acc = C[i * n + j] * beta;
      for (long k = 0; k < n; k++) acc += alpha * A[i * n + k] * A[j * n + k];
      C[i * n + j] = acc;
    }
}

static void k_syr2k(Arrays *d) {
  const long n = d->n;
  const float *A = d->a, *B = d->b;
  float *C = d->c;
  const float alpha = loops_alpha, beta = loops_zero;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float acc = C[i * n + j] * beta;
      for (long k = 0; k < n; k++)
        acc += alpha * A[i * n + k] * B[j * n + k] + alpha * B[i * n + k] * A[j * n + k];
      C[i * n + j] = acc;
    }
}

static void k_covar_covar(Arrays *d) {
  /* for j1: for j2 >= j1: for i: sym[j1][j2] += data[i][j1] data[i][j2] */
  const long n = d->n;
  const float *data = d->a;
  float *sym = d->c;
#pragma omp parallel for schedule(static)
  for (long j1 = 0; j1 < n; j1++)
    for (long j2 = j1; j2 < n; j2++) {
      float acc = 0.0f;
      for (long i = 0; i < n; i++) acc += data[i * n + j1] * data[i * n + j2];
      sym[j1 * n + j2] = acc;
      sym[j2 * n + j1] = acc;
    }
}

static void k_2dconv(Arrays *d) {
  const long n = d->n;
  const float *A = d->a;
  float *B = d->b;
  const float c11 = 0.2f, c21 = 0.5f, c31 = -0.8f, c12 = -0.3f, c22 = 0.6f,
              c32 = -0.9f, c13 = 0.4f, c23 = 0.7f, c33 = 0.1f;
#pragma omp parallel for schedule(static)
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      B[i * n + j] = c11 * A[(i - 1) * n + (j - 1)] + c12 * A[i * n + (j - 1)] +
                     c13 * A[(i + 1) * n + (j - 1)] + c21 * A[(i - 1) * n + j] +
                     c22 * A[i * n + j] + c23 * A[(i + 1) * n + j] +
                     c31 * A[(i - 1) * n + (j + 1)] + c32 * A[i * n + (j + 1)] +
                     c33 * A[(i + 1) * n + (j + 1)];
}

#define A3(i, j, k) A[((i) * n + (j)) * n + (k)]
static void k_3dconv(Arrays *d) { /* PolyBench/GPU's formula, term for term */
  const long n = d->n;
  const float *A = d->a;
  float *B = d->b;
  const float c11 = 2.0f, c21 = 5.0f, c31 = -8.0f, c12 = -3.0f, c22 = 6.0f,
              c32 = -9.0f, c13 = 4.0f, c23 = 7.0f, c33 = 10.0f;
#pragma omp parallel for schedule(static)
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++)
        B[(i * n + j) * n + k] =
            c11 * A3(i - 1, j - 1, k - 1) + c13 * A3(i + 1, j - 1, k - 1) +
            c21 * A3(i - 1, j - 1, k - 1) + c23 * A3(i + 1, j - 1, k - 1) +
            c31 * A3(i - 1, j - 1, k - 1) + c33 * A3(i + 1, j - 1, k - 1) +
            c12 * A3(i, j - 1, k) + c22 * A3(i, j, k) + c32 * A3(i, j + 1, k) +
            c11 * A3(i - 1, j - 1, k + 1) + c13 * A3(i + 1, j - 1, k + 1) +
            c21 * A3(i - 1, j, k + 1) + c23 * A3(i + 1, j, k + 1) +
            c31 * A3(i - 1, j + 1, k + 1) + c33 * A3(i + 1, j + 1, k + 1);
}
#undef A3

/* How a kernel's work and data grow with n. */
typedef enum { SQUARE, CUBE, VOLUME } Shape;

typedef struct {
  const char *name;
  void (*run)(Arrays *);
  Shape shape;
  /* Which arrays it takes: a, b, c n x n (n^3 for VOLUME), x, y, v n. */
  int uses_b, uses_c;
  /* Whether x holds 1 / sqrt(n) (CORR_REDUCE's stddev) and v zeros. */
  int centred;
} Kernel;

static const Kernel KERNELS[] = {
    {"ATAX1", k_atax1, SQUARE, 0, 0, 0},
    {"ATAX2", k_atax2, SQUARE, 0, 0, 0},
    {"GESUMMV", k_gesummv, SQUARE, 1, 0, 0},
    {"COVAR_MEAN", k_covar_mean, SQUARE, 0, 0, 0},
    {"CORR_STD", k_corr_std, SQUARE, 0, 0, 0},
    {"COVAR_REDUCE", k_covar_reduce, SQUARE, 0, 0, 1},
    {"CORR_REDUCE", k_corr_reduce, SQUARE, 0, 0, 1},
    {"SYRK1", k_syrk1, SQUARE, 0, 1, 0},
    {"2DCONV", k_2dconv, SQUARE, 1, 0, 0},
    {"GEMM", k_gemm, CUBE, 1, 1, 0},
    {"SYRK2", k_syrk2, CUBE, 0, 1, 0},
    {"SYR2K", k_syr2k, CUBE, 1, 1, 0},
    {"COVAR_COVAR", k_covar_covar, CUBE, 0, 1, 0},
    {"3DCONV", k_3dconv, VOLUME, 1, 0, 0},
};
#define KERNEL_COUNT (sizeof(KERNELS) / sizeof(KERNELS[0]))

#endif
