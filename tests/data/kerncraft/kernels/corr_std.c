float data[N][N];
float m;
float s;

for(int j=0; j<N; ++j)
    for(int i=0; i<N; ++i)
        s += (data[i][j] - m) * (data[i][j] - m);
