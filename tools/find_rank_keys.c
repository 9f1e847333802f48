#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
/* greedy rank keys: all multisets (count<=4 per rank, size<=7) have distinct sums */
static uint32_t *stamp; static uint32_t gen=1;
static uint64_t keys[13];
/* enumerate sums of multisets over ranks [0,r) with size <= maxsz */
static int nsum[8]; static uint64_t *sums[8]; /* sums by exact size */
static void enumerate(int r){
  for(int s=0;s<8;s++) nsum[s]=0;
  int cnt[13]={0};
  /* recursive via stack */
  void rec(int rank,int size,uint64_t sum){
    if(rank==r){ sums[size][nsum[size]++]=sum; return;}
    for(int c=0;c<=4 && size+c<=7;c++) rec(rank+1,size+c,sum+c*keys[rank]);
  }
  rec(0,0,0);
}
int main(){
  for(int s=0;s<8;s++) sums[s]=malloc(sizeof(uint64_t)*200000);
  size_t M=1u<<28; stamp=calloc(M,4);
  keys[0]=1;
  for(int i=1;i<13;i++){
    enumerate(i);
    for(uint64_t k=keys[i-1]+1;;k++){
      gen++; int ok=1;
      for(int j=0;j<=4 && ok;j++) for(int sz=0;sz+j<=7 && ok;sz++) for(int t=0;t<nsum[sz];t++){
        uint64_t v=sums[sz][t]+j*k; if(v>=M){ok=0;break;}
        if(stamp[v]==gen){ok=0;break;} stamp[v]=gen; }
      if(ok){keys[i]=k; printf("key[%d]=%llu\n",i,(unsigned long long)k); fflush(stdout); break;}
    }
  }
  uint64_t mx=4*keys[12]+3*keys[11]; printf("max sum %llu\n",(unsigned long long)mx);
}
