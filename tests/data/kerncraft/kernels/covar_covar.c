float data[N][N];
float s;

for(int j1=0; j1<N; ++j1)
    for(int j2=0; j2<N; ++j2)
        for(int i=0; i<N; ++i)
            s += data[i][j1] * data[i][j2];
