float A[N][N];
float alpha;
float s;

for(int i=0; i<N; ++i)
    for(int j=0; j<N; ++j)
        for(int k=0; k<N; ++k)
            s += alpha * A[i][k] * A[j][k];
