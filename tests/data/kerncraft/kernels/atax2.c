float A[N][N];
float tmp[N];
float s;

for(int j=0; j<N; ++j)
    for(int i=0; i<N; ++i)
        s += A[i][j] * tmp[i];
