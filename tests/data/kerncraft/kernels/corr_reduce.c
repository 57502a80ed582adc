float data[N][N];
float mean[N];
float stddev[N];
float r;

for(int i=0; i<N; ++i)
    for(int j=0; j<N; ++j)
        data[i][j] = (data[i][j] - mean[j]) / (r * stddev[j]);
