float A[N][N];
float B[N][N];
float alpha;
float s;

for(int i=0; i<N; ++i)
    for(int j=0; j<N; ++j)
        for(int k=0; k<N; ++k)
            s += alpha * A[i][k] * B[k][j];
