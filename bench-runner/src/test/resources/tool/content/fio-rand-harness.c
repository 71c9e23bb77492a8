/* Golden-value harness: compile with fio-3.33 sources: gcc -DCONFIG_SEED_BUCKETS=4 -DBITS_PER_LONG=64 -I$FIO -I$FIO/lib -include $FIO/compiler/compiler.h fio-rand-harness.c $FIO/lib/rand.c (+ a stub cpy_pattern); output: fio-rand-golden.txt */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "lib/rand.h"
/* harness: seeds as in init.c setup_random_seeds + td_fill_rand_seeds for buf_state */
int main(int argc, char **argv) {
    unsigned thread_number = 1;
    uint64_t seed = 0x89;
    uint64_t seeds[21];
    int i;
    for (i = 0; i < 4; i++) seed *= 0x9e370001UL;
    for (i = 0; i < 21; i++) { seeds[i] = seed * thread_number + i; seed *= 0x9e370001UL; }
    struct frand_state st;
    init_rand_seed(&st, seeds[9], 0);
    printf("bufseed %llu\n", (unsigned long long)seeds[9]);
    printf("state %u %u %u\n", st.state32.s1, st.state32.s2, st.state32.s3);
    for (int b = 0; b < 3; b++) {
        unsigned char buf[100];
        uint64_t r = fill_random_buf(&st, buf, sizeof(buf));
        printf("seed%d %llu\nbytes%d ", b, (unsigned long long) r, b);
        for (i = 0; i < 100; i++) printf("%02x", buf[i]);
        printf("\n");
    }
    /* thread 2 */
    thread_number = 2; seed = 0x89;
    for (i = 0; i < 4; i++) seed *= 0x9e370001UL;
    for (i = 0; i < 21; i++) { seeds[i] = seed * thread_number + i; seed *= 0x9e370001UL; }
    init_rand_seed(&st, seeds[9], 0);
    unsigned char buf[40];
    fill_random_buf(&st, buf, sizeof(buf));
    printf("t2bytes ");
    for (i = 0; i < 40; i++) printf("%02x", buf[i]);
    printf("\n");
    return 0;
}
