float A[N][N];
float x[N];
float s;

for(int i=0; i<N; ++i)
    for(int j=0; j<N; ++j)
        s += A[i][j] * x[j];
