/* hetscope-loops --check: the kernels give the same result on one thread
 * and on three (each output element is one thread's, summed in one
 * order), a few elements of each agree with a plain double-precision sum,
 * and the kernels that write their input leave it as it was (repeated
 * runs time the same work). Exit status 0 when all hold. */

static int check_failures = 0;

static void expect(int ok, const char *kernel, const char *what) {
  if (!ok) {
    fprintf(stderr, "check failed: %s: %s\n", kernel, what);
    check_failures++;
  }
}

static size_t big_count(const Kernel *k, long n) {
  return (size_t)n * (size_t)n * (k->shape == VOLUME ? (size_t)n : 1);
}

/* Every array of d, one after the other (for a bitwise comparison). */
static double *snapshot(const Kernel *k, const Arrays *d) {
  size_t big = big_count(k, d->n), n = (size_t)d->n, at = 0;
  double *s = malloc(sizeof(double) * (3 * big + n));
  for (size_t i = 0; i < big; i++) {
    s[at++] = d->a[i];
    s[at++] = d->b ? d->b[i] : 0.0;
    s[at++] = d->c ? d->c[i] : 0.0;
  }
  for (size_t i = 0; i < n; i++) s[at++] = d->y[i];
  return s;
}

static int close_to(double got, double want) {
  double scale = fabs(want) > 1.0 ? fabs(want) : 1.0;
  return fabs(got - want) <= 1e-4 * scale;
}

/* One element of the kernel's output in double precision, and the float
 * the kernel wrote there (after one run from fresh arrays). */
static void reference(const Kernel *k, const Arrays *d, double *want, double *got) {
  const long n = d->n, i = n / 2, j = n / 3;
  const float *A = d->a, *B = d->b, *x = d->x;
  double s = 0.0, t = 0.0;
  const char *name = k->name;
  if (!strcmp(name, "ATAX1")) {
    for (long q = 0; q < n; q++) s += (double)A[i * n + q] * x[q];
    *want = s, *got = d->y[i];
  } else if (!strcmp(name, "ATAX2")) {
    for (long q = 0; q < n; q++) s += (double)A[q * n + j] * x[q];
    *want = s, *got = d->y[j];
  } else if (!strcmp(name, "GESUMMV")) {
    for (long q = 0; q < n; q++) s += (double)A[i * n + q] * x[q], t += (double)B[i * n + q] * x[q];
    *want = loops_alpha * s + loops_beta * t, *got = d->y[i];
  } else if (!strcmp(name, "COVAR_MEAN")) {
    for (long q = 0; q < n; q++) s += A[q * n + j];
    *want = s / n, *got = d->y[j];
  } else if (!strcmp(name, "GEMM")) {
    for (long q = 0; q < n; q++) s += (double)A[i * n + q] * B[q * n + j];
    *want = loops_alpha * s, *got = d->c[i * n + j];
  } else if (!strcmp(name, "SYRK2")) {
    for (long q = 0; q < n; q++) s += (double)A[i * n + q] * A[j * n + q];
    *want = loops_alpha * s, *got = d->c[i * n + j];
  } else if (!strcmp(name, "SYR2K")) {
    for (long q = 0; q < n; q++) s += (double)A[i * n + q] * B[j * n + q] + (double)B[i * n + q] * A[j * n + q];
    *want = loops_alpha * s, *got = d->c[i * n + j];
  } else if (!strcmp(name, "COVAR_COVAR")) {
    for (long q = 0; q < n; q++) s += (double)A[q * n + j] * A[q * n + i];
    *want = s, *got = d->c[i * n + j]; /* the mirrored store */
  } else if (!strcmp(name, "2DCONV")) {
    const double c[3][3] = {{0.2, -0.3, 0.4}, {0.5, 0.6, 0.7}, {-0.8, -0.9, 0.1}};
    for (int di = -1; di <= 1; di++)
      for (int dj = -1; dj <= 1; dj++) s += c[dj + 1][di + 1] * A[(i + di) * n + (j + dj)];
    *want = s, *got = d->b[i * n + j];
  } else {
    *want = *got = 0.0; /* checked by the thread comparison and the no-drift rule */
  }
}

static void check_kernel(const Kernel *k) {
  const long n = k->shape == VOLUME ? 11 : 37;
  Arrays d;
  if (!alloc_arrays(k, n, &d)) { expect(0, k->name, "out of memory"); return; }
  double *before = snapshot(k, &d);
  omp_set_num_threads(1);
  k->run(&d);
  double want, got;
  reference(k, &d, &want, &got);
  expect(close_to(got, want), k->name, "an element differs from its double-precision sum");
  double *one = snapshot(k, &d);
  k->run(&d);
  k->run(&d);
  double *again = snapshot(k, &d);
  expect(!memcmp(one, again, sizeof(double) * (3 * big_count(k, n) + (size_t)n)), k->name,
         "repeated runs change the result (an input drifts)");
  free_arrays(&d);
  alloc_arrays(k, n, &d);
  omp_set_num_threads(3);
  k->run(&d);
  double *three = snapshot(k, &d);
  expect(!memcmp(one, three, sizeof(double) * (3 * big_count(k, n) + (size_t)n)), k->name,
         "three threads give another result than one");
  int changed = memcmp(before, one, sizeof(double) * (3 * big_count(k, n) + (size_t)n)) != 0;
  expect(changed || k->centred || !strcmp(k->name, "SYRK1"), k->name, "the run wrote nothing");
  free(before); free(one); free(again); free(three);
  free_arrays(&d);
}

int loops_self_check(void) {
  for (size_t k = 0; k < KERNEL_COUNT; k++) check_kernel(&KERNELS[k]);
  long sizes[MAX_LIST];
  expect(default_sizes(SQUARE, 1, sizes) == 3 && sizes[2] == 4096, "sizes", "quick square sizes");
  Options o;
  memset(&o, 0, sizeof o);
  long list[MAX_LIST];
  int count;
  expect(parse_longs("1,2,16", list, &count) && count == 3 && list[2] == 16, "arguments", "a list");
  expect(!parse_longs("1,,2", list, &count) && !parse_longs("0", list, &count) &&
             !parse_longs("2x", list, &count),
         "arguments", "bad lists refused");
  if (check_failures) fprintf(stderr, "%d checks failed\n", check_failures);
  else fprintf(stderr, "all checks passed (%zu kernels)\n", KERNEL_COUNT);
  return check_failures ? 1 : 0;
}
