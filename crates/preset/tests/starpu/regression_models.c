/* Makes StarPU performance models of the kinds its shipped examples do
 * not: one codelet of each model type (history, linear regression
 * a n^b, non-linear regression a n^b + c), the same CPU kernel under
 * each, run under calibration over several vector sizes. The files
 * StarPU writes at shutdown (in $STARPU_HOME/.starpu/sampling) are read
 * by hetscope's tests and compared with starpu_perfmodel_display.
 *
 * Build: cc regression_models.c $(pkg-config --cflags --libs starpu-1.3)
 * Run:   STARPU_HOME=DIR STARPU_CALIBRATE=1 STARPU_NCPU=1 ./a.out [RUNS]
 */
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>

/* A streaming kernel: a few passes of a scaled add over the vector, so
 * that its time grows with the vector's length. */
static void axpy_passes(void *buffers[], void *arg)
{
	(void)arg;
	float *x = (float *)STARPU_VECTOR_GET_PTR(buffers[0]);
	unsigned n = STARPU_VECTOR_GET_NX(buffers[0]);
	for (int pass = 0; pass < 4; pass++)
		for (unsigned i = 0; i < n; i++)
			x[i] = 0.999f * x[i] + 1.0f;
}

static struct starpu_perfmodel history = {
	.type = STARPU_HISTORY_BASED,
	.symbol = "hetscope_history",
};
static struct starpu_perfmodel linear = {
	.type = STARPU_REGRESSION_BASED,
	.symbol = "hetscope_linear",
};
static struct starpu_perfmodel non_linear = {
	.type = STARPU_NL_REGRESSION_BASED,
	.symbol = "hetscope_non_linear",
};

#define CODELET(name, perfmodel)                                                   \
	static struct starpu_codelet name = {                                  \
		.cpu_funcs = {axpy_passes},                                    \
		.nbuffers = 1,                                                 \
		.modes = {STARPU_RW},                                          \
		.model = &perfmodel,                                           \
	}
CODELET(history_cl, history);
CODELET(linear_cl, linear);
CODELET(non_linear_cl, non_linear);

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 12;
	if (starpu_init(NULL) != 0) {
		fprintf(stderr, "StarPU could not start\n");
		return 77;
	}
	struct starpu_codelet *codelets[] = {&history_cl, &linear_cl, &non_linear_cl};
	/* Sizes from 16 KiB to 4 MiB of floats. */
	for (unsigned n = 4096; n <= (1u << 20); n *= 2) {
		float *x = calloc(n, sizeof(float));
		starpu_data_handle_t h;
		starpu_vector_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)x, n, sizeof(float));
		for (int r = 0; r < runs; r++)
			for (int c = 0; c < 3; c++) {
				struct starpu_task *t = starpu_task_create();
				t->cl = codelets[c];
				t->handles[0] = h;
				t->synchronous = 1;
				if (starpu_task_submit(t) != 0) {
					fprintf(stderr, "a task was refused\n");
					return 1;
				}
			}
		starpu_data_unregister(h);
		free(x);
	}
	starpu_shutdown();
	return 0;
}
