// probe_kernels.cuh: the kernels hetscope-probe times. Each is small on
// purpose: what it measures is said above it and in README.md.
#pragma once

#include <cuda_runtime.h>

namespace probe {

// Independent FMA chains per thread, and FMAs of each chain per loop trip.
constexpr int kChains = 8;
constexpr int kUnroll = 8;

__device__ __forceinline__ float fma_t(float x, float a, float b) { return fmaf(x, a, b); }
__device__ __forceinline__ double fma_t(double x, double a, double b) { return ::fma(x, a, b); }

// FMA roof: kChains independent dependent chains per thread, so that the
// pipelines stay full; 2 flops per FMA. The sum is written so that no
// chain is dead code.
template <typename T>
__global__ void fma_chains(T* __restrict__ out, int iters, T a, T b) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  T x[kChains];
#pragma unroll
  for (int c = 0; c < kChains; ++c) x[c] = T(tid & 15u) * T(1e-3) + T(c);
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
#pragma unroll
      for (int c = 0; c < kChains; ++c) x[c] = fma_t(x[c], a, b);
    }
  }
  T s = T(0);
#pragma unroll
  for (int c = 0; c < kChains; ++c) s += x[c];
  out[tid] = s;
}

// Device copy, 16 bytes a thread and trip (grid-stride loop).
__global__ void copy_kernel(const float4* __restrict__ in, float4* __restrict__ out, size_t n) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}

// Coalesced read of 4-byte elements: neighbouring threads read
// neighbouring elements; four loads in flight per thread.
__global__ void read_coalesced(const float* __restrict__ in, size_t n, float* __restrict__ sink) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
  for (; i + 3 * stride < n; i += 4 * stride) {
    s0 += in[i];
    s1 += in[i + stride];
    s2 += in[i + 2 * stride];
    s3 += in[i + 3 * stride];
  }
  for (; i < n; i += stride) s0 += in[i];
  sink[size_t(blockIdx.x) * blockDim.x + threadIdx.x] = s0 + s1 + s2 + s3;
}

// Strided (uncoalesced) read of 4-byte elements: step i of the walk reads
// element (i mod R) * 32 + i / R with R = n / 32 a power of two, so the
// 32 threads of a warp read 32 different 128-byte lines and every element
// is read exactly once (a transposed walk of an R x 32 array).
__device__ __forceinline__ size_t strided_index(size_t i, size_t rows_mask, int log2_rows) {
  return ((i & rows_mask) << 5) | (i >> log2_rows);
}

__global__ void read_strided(const float* __restrict__ in, size_t n, int log2_rows,
                             float* __restrict__ sink) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  const size_t mask = (size_t(1) << log2_rows) - 1;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
  for (; i + 3 * stride < n; i += 4 * stride) {
    s0 += in[strided_index(i, mask, log2_rows)];
    s1 += in[strided_index(i + stride, mask, log2_rows)];
    s2 += in[strided_index(i + 2 * stride, mask, log2_rows)];
    s3 += in[strided_index(i + 3 * stride, mask, log2_rows)];
  }
  for (; i < n; i += stride) s0 += in[strided_index(i, mask, log2_rows)];
  sink[size_t(blockIdx.x) * blockDim.x + threadIdx.x] = s0 + s1 + s2 + s3;
}

// Pointer chasing. The buffer is made of 128-byte lines of 32 words; every
// word of line k holds the index of the first word of the line that
// follows k in one random cycle over all lines (next[] from the host).
__global__ void fill_chain(unsigned* __restrict__ buf, const unsigned* __restrict__ next,
                           size_t lines) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t w = size_t(blockIdx.x) * blockDim.x + threadIdx.x; w < lines * 32; w += stride) {
    buf[w] = next[w >> 5] << 5;
  }
}

// Keeps `v` computed before the next clock read: a volatile PTX move of
// the register onto itself, which uses and redefines it.
#define PROBE_ORDER(v) asm volatile("mov.u32 %0, %0;" : "+r"(v) : : "memory")

// Mem_LD: one thread follows the cycle; every load waits for the one
// before. cycles[0]: SM clock cycles of the walk.
__global__ void chase_one(const unsigned* buf, unsigned start, int steps, unsigned* sink,
                          long long* cycles) {
  unsigned j = start;
  PROBE_ORDER(j);
  const long long t0 = clock64();
  for (int s = 0; s < steps; ++s) j = buf[j];
  PROBE_ORDER(j);
  const long long t1 = clock64();
  sink[0] = j;
  cycles[0] = t1 - t0;
}

// Departure_del_uncoal: one warp, each lane on its own walk, so that one
// load instruction of the warp makes 32 transactions to 32 lines.
__global__ void chase_lanes(const unsigned* buf, const unsigned* __restrict__ starts, int steps,
                            unsigned* sink, long long* cycles) {
  unsigned j = starts[threadIdx.x];
  PROBE_ORDER(j);
  const long long t0 = clock64();
  for (int s = 0; s < steps; ++s) j = buf[j];
  PROBE_ORDER(j);
  const long long t1 = clock64();
  sink[threadIdx.x] = j;
  if (threadIdx.x == 0) cycles[0] = t1 - t0;
}

// Departure_del_coal: every warp of one block follows C walks; the 32
// lanes read the 32 words of one line (one coalesced request per walk and
// step). cycles[w]: cycles of warp w.
template <int C>
__global__ void __launch_bounds__(1024) chase_warps(const unsigned* buf, const unsigned* __restrict__ starts, int steps,
                            unsigned* sink, long long* cycles) {
  const int warp = threadIdx.x >> 5;
  const int lane = threadIdx.x & 31;
  unsigned j[C];
#pragma unroll
  for (int c = 0; c < C; ++c) {
    j[c] = starts[warp * C + c];
    PROBE_ORDER(j[c]);
  }
  __syncthreads();
  const long long t0 = clock64();
  for (int s = 0; s < steps; ++s) {
#pragma unroll
    for (int c = 0; c < C; ++c) j[c] = buf[j[c] + lane];
  }
  unsigned x = 0;
#pragma unroll
  for (int c = 0; c < C; ++c) {
    PROBE_ORDER(j[c]);
    x ^= j[c];
  }
  const long long t1 = clock64();
  sink[threadIdx.x] = x;
  if (lane == 0) cycles[warp] = t1 - t0;
}

// Energy mix: per element read 4 bytes, k dependent FMAs, write 4 bytes
// (2k flops, 8 bytes), as the shipped H100 energy runs.
__global__ void mix_kernel(const float* __restrict__ in, float* __restrict__ out, size_t n, int k,
                           float a, float b) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    float x = in[i];
    for (int j = 0; j < k; ++j) x = fmaf(x, a, b);
    out[i] = x;
  }
}

// FPM speed kernel: triad a = b + s c on f64 vectors, one element a
// thread (2 flops, 24 bytes an element), as `hetscope fpm measure
// --kernel triad` on the host.
__global__ void triad_kernel(double* __restrict__ a, const double* __restrict__ b,
                             const double* __restrict__ c, double s, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

}  // namespace probe
