/* Golden-value harness for glibc rand()/printf: gcc glibc-harness.c; output: glibc-golden.txt */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int get_pattern(const char *v){ int i,x,y=0; const char*ptr=v; x=strlen(v); for(i=0;i<x;i++) y+=*ptr++; srand(y); return rand()&0xff; }
int main(){
  printf("3.420 %02x\n", get_pattern("        Version $Revision: 3.420 $"));
  printf("3.489 %02x\n", get_pattern("        Version $Revision: 3.489 $"));
  srand(1);
  printf("rand:"); for(int i=0;i<8;i++) printf(" %d", rand()); printf("\n");
  printf("bytes:"); srand(1); for(int i=0;i<16;i++) printf("%02x", rand()&0xff); printf("\n");
  printf("%%f tests: [%.2f] [%.2f] [%.1f] [%5.02f] [%3.2f] [%g] [%g] [%g] [%g] [%g] [%g]\n", 0.125, 2.675, 0.05, 8.495, 99.995, 0.0155349, 0.00138253, 1234567.0, 0.0000123456, 100.0, 2.082554);
  printf("[%e] [%.0f] [%.0f] [%.1Lf]\n", 12345.678, 0.5, 1.5, (long double)33.55);
  return 0;
}
