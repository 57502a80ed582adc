float A[N][N];
float B[N][N];
float x[N];
float t;
float s;

for(int i=0; i<N; ++i)
    for(int j=0; j<N; ++j) {
        t += A[i][j] * x[j];
        s += B[i][j] * x[j];
    }
