float A[N][N][N];
float B[N][N][N];
float c11, c12, c13, c21, c22, c23, c31, c32, c33;

for(int i=1; i<N-1; ++i)
    for(int j=1; j<N-1; ++j)
        for(int k=1; k<N-1; ++k)
            B[i][j][k] = c11 * A[i-1][j-1][k-1] + c13 * A[i+1][j-1][k-1]
                       + c21 * A[i][j-1][k] + c22 * A[i][j][k] + c23 * A[i][j+1][k]
                       + c31 * A[i-1][j-1][k+1] + c33 * A[i+1][j-1][k+1]
                       + c12 * A[i-1][j][k+1] + c32 * A[i+1][j][k+1]
                       + c13 * A[i-1][j+1][k+1] + c33 * A[i+1][j+1][k+1];
