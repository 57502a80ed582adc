float C[N][N];
float beta;

for(int i=0; i<N; ++i)
    for(int j=0; j<N; ++j)
        C[i][j] = C[i][j] * beta;
