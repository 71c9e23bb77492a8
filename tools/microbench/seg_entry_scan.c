// SPDX-License-Identifier: MIT
/*
 * seg_entry_scan.c - cost of one `struct seg_entry` visit in the Linux 6.14
 * f2fs loop get_ckpt_valid_blocks(sbi, segno, use_section = true), as it is
 * reached 7 times per written data page through
 *   f2fs_balance_fs -> has_not_enough_free_secs -> __get_secs_required
 *   -> has_curseg_enough_space (6 persistent logs + HOT_DATA again).
 *
 * This is a clean-room re-statement of the *shape* of that kernel code
 * (field layout, call structure, loop bounds) for measuring it in user space;
 * no kernel source is copied.  Layout facts it relies on (Linux 6.14,
 * fs/f2fs/segment.h, CONFIG_F2FS_CHECK_FS off, 64-bit):
 *   struct seg_entry { unsigned int type:6, valid_blocks:10,
 *                      ckpt_valid_blocks:10, padding:6;
 *                      unsigned char *cur_valid_map, *ckpt_valid_map,
 *                                    *discard_map;
 *                      unsigned long long mtime; }      -> 40 bytes
 *   SEGS_PER_SEC(sbi) = sbi->segs_per_sec (a run-time value, not a constant)
 *   GET_SEC_FROM_SEG = segno / SEGS_PER_SEC, get_seg_entry = &sentries[segno]
 *   CURSEG_I(sbi, i) = &SM_I(sbi)->curseg_array[i]
 *
 * Where the six logs sit: f2fs-tools mkfs (non-zoned, non-heap) puts
 * HOT_NODE, WARM_NODE, COLD_NODE, HOT_DATA in zones 0..3, COLD_DATA near
 * 1/4 and WARM_DATA near 1/2 of the main area.  fio's sequential buffered
 * write goes to WARM_DATA; every written block bumps that segment's
 * ckpt_valid_blocks (update_sit_entry_for_alloc), the log moves to the next
 * segment after 512 blocks and to the next section after SEGS_PER_SEC
 * segments.  The benchmark does the same, so the compiler cannot hoist the
 * sum out of the page loop and the data stays as live as in the kernel.
 *
 * Everything is integer arithmetic so the file can be built with kernel-like
 * flags (no SSE/FP registers, see Makefile).
 *
 * Usage: seg_entry_scan [-n nr_segments] [-r repetitions] [-p pages_per_rep]
 *                       [-s S[,S...]] [-c pollute_bytes_per_page] [-a cpu]
 *                       [-q]   (quick: few pages, for callgrind)
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BLKS_PER_SEG 512u

/* ---- mirror of the kernel structures (layout only) ---------------------- */
struct seg_entry {
	unsigned int type:6;
	unsigned int valid_blocks:10;
	unsigned int ckpt_valid_blocks:10;
	unsigned int padding:6;
	unsigned char *cur_valid_map;
	unsigned char *ckpt_valid_map;
	unsigned char *discard_map;
	unsigned long long mtime;
};
_Static_assert(sizeof(struct seg_entry) == 40, "seg_entry must be 40 bytes");

struct sit_info {
	struct seg_entry *sentries;
};

struct curseg_info {			/* only what the loop touches */
	unsigned int segno;
	unsigned short next_blkoff;
	char pad[64 - 6];		/* real struct is far larger; keep them apart */
};

struct f2fs_sm_info {
	struct sit_info *sit_info;
	struct curseg_info *curseg_array;
};

struct f2fs_sb_info {
	struct f2fs_sm_info *sm_info;
	unsigned int segs_per_sec;
	unsigned int unusable_blocks_per_sec;
};

enum { CURSEG_HOT_DATA, CURSEG_WARM_DATA, CURSEG_COLD_DATA,
       CURSEG_HOT_NODE, CURSEG_WARM_NODE, CURSEG_COLD_NODE,
       NR_PERSISTENT_LOG };

#define SM_I(sbi)		((sbi)->sm_info)
#define SIT_I(sbi)		(SM_I(sbi)->sit_info)
#define SEGS_PER_SEC(sbi)	((sbi)->segs_per_sec)
#define BLKS_PER_SEC(sbi)	(SEGS_PER_SEC(sbi) * BLKS_PER_SEG)
#define CAP_BLKS_PER_SEC(sbi)	(BLKS_PER_SEC(sbi) - (sbi)->unusable_blocks_per_sec)
#define GET_SEC_FROM_SEG(sbi, s) (((s) == -1u) ? -1u : (s) / SEGS_PER_SEC(sbi))
#define GET_SEG_FROM_SEC(sbi, s) ((s) * SEGS_PER_SEC(sbi))
#define __is_large_section(sbi)	(SEGS_PER_SEC(sbi) > 1)

static inline struct curseg_info *CURSEG_I(struct f2fs_sb_info *sbi, int type)
{
	return SM_I(sbi)->curseg_array + type;
}

static inline struct seg_entry *get_seg_entry(struct f2fs_sb_info *sbi,
					      unsigned int segno)
{
	return &SIT_I(sbi)->sentries[segno];
}

/* the loop under study (6.14 shape) */
static inline unsigned int get_ckpt_valid_blocks(struct f2fs_sb_info *sbi,
						 unsigned int segno, int use_section)
{
	if (use_section && __is_large_section(sbi)) {
		unsigned int secno = GET_SEC_FROM_SEG(sbi, segno);
		unsigned int start_segno = GET_SEG_FROM_SEC(sbi, secno);
		unsigned int blocks = 0;
		unsigned int i;

		for (i = 0; i < SEGS_PER_SEC(sbi); i++, start_segno++)
			blocks += get_seg_entry(sbi, start_segno)->ckpt_valid_blocks;
		return blocks;
	}
	return get_seg_entry(sbi, segno)->ckpt_valid_blocks;
}

/* 6 persistent logs + HOT_DATA again = 7 calls (no early exit on a fresh fs) */
__attribute__((noinline))
int has_curseg_enough_space(struct f2fs_sb_info *sbi, unsigned int node_blocks,
			    unsigned int data_blocks, unsigned int dent_blocks)
{
	unsigned int segno, left_blocks, blocks;
	int i;

	for (i = CURSEG_HOT_DATA; i < NR_PERSISTENT_LOG; i++) {
		segno = CURSEG_I(sbi, i)->segno;
		left_blocks = CAP_BLKS_PER_SEC(sbi) -
				get_ckpt_valid_blocks(sbi, segno, 1);
		blocks = i <= CURSEG_COLD_DATA ? data_blocks : node_blocks;
		if (blocks > left_blocks)
			return 0;
	}
	segno = CURSEG_I(sbi, CURSEG_HOT_DATA)->segno;
	left_blocks = CAP_BLKS_PER_SEC(sbi) - get_ckpt_valid_blocks(sbi, segno, 1);
	if (dent_blocks > left_blocks)
		return 0;
	return 1;
}

/* allocation of one block in WARM_DATA: what update_sit_entry does to the counter */
__attribute__((noinline))
void alloc_one_block(struct f2fs_sb_info *sbi, unsigned int nr_segs)
{
	struct curseg_info *c = CURSEG_I(sbi, CURSEG_WARM_DATA);
	struct seg_entry *se = get_seg_entry(sbi, c->segno);

	se->valid_blocks++;
	se->ckpt_valid_blocks++;
	if (++c->next_blkoff == BLKS_PER_SEG) {
		unsigned int next = c->segno + 1;

		c->next_blkoff = 0;
		if (next % SEGS_PER_SEC(sbi) == 0) {
			/* section full: a "checkpoint" resets the counters of the
			 * old section so the run can go on forever, then move on */
			unsigned int s = next - SEGS_PER_SEC(sbi);
			for (; s < next; s++) {
				get_seg_entry(sbi, s)->ckpt_valid_blocks = 0;
				get_seg_entry(sbi, s)->valid_blocks = 0;
			}
			if (next + SEGS_PER_SEC(sbi) > nr_segs)
				next = (nr_segs / 2) / SEGS_PER_SEC(sbi) * SEGS_PER_SEC(sbi);
		}
		c->segno = next;
	}
}

/* ---- harness ------------------------------------------------------------ */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static volatile unsigned int sink;

#define RING_MAX (256u << 20)		/* fresh "page cache" pages to copy into */
static size_t RING_BYTES = RING_MAX;
static unsigned char *ring, *srcbuf;
static size_t ring_off;

static inline void pollute(size_t bytes)
{
	if (!bytes)
		return;
	if (ring_off + bytes > RING_BYTES)
		ring_off = 0;
	memcpy(ring + ring_off, srcbuf, bytes);
	ring_off += bytes;
}

/* one "written page": the balance check, then the allocation, then the
 * rest of the pipeline modelled as `pollute` bytes of copying */
static uint64_t run_pages(struct f2fs_sb_info *sbi, unsigned int nr_segs,
			  unsigned long pages, size_t pollute_bytes, int do_check)
{
	uint64_t t0 = now_ns();
	unsigned int acc = 0;
	unsigned long p;

	for (p = 0; p < pages; p++) {
		if (do_check)
			acc += has_curseg_enough_space(sbi, 0, 0, 0);
		alloc_one_block(sbi, nr_segs);
		pollute(pollute_bytes);
	}
	sink = acc;
	return now_ns() - t0;
}


/*
 * Clock probe: a chain of dependent register adds retires at 1 add per core
 * cycle on every out-of-order core of interest (Zen, Golden Cove, Cortex-A55
 * and A7x), so its rate is the effective core clock under the current
 * conditions (turbo, host load in a VM).  Used to also express the result in
 * cycles, which is what transfers to another CPU of the same class.
 * Returns picoseconds per cycle * 1000 (i.e. femtoseconds per cycle).
 */
static uint64_t probe_fs_per_cycle(void)
{
	const unsigned long iters = 2000000;	/* x 32 adds */
	uint64_t best = ~0ull;
	int k;

	for (k = 0; k < 7; k++) {
		unsigned long n = iters, x = 0;
		uint64_t t0 = now_ns(), dt;

		while (n--) {
#if defined(__x86_64__)
#define ADD4 "add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\t"
			__asm__ volatile(ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 : "+r"(x));
#elif defined(__aarch64__)
#define ADD4 "add %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\t"
			__asm__ volatile(ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 : "+r"(x));
#else
			x += 32;
			__asm__ volatile("" : "+r"(x));
#endif
		}
		dt = now_ns() - t0;
		if (dt < best)
			best = dt;
		sink = (unsigned int)x;
	}
	/* loop overhead (dec/branch) runs in parallel with the add chain */
	return best * 1000000ull / (iters * 32ull);
}

static void setup(struct f2fs_sb_info *sbi, unsigned int nr_segs, unsigned int S)
{
	struct sit_info *sit = SIT_I(sbi);
	unsigned int total_secs = nr_segs / S;
	unsigned int i, secs[NR_PERSISTENT_LOG];

	sbi->segs_per_sec = S;
	sbi->unusable_blocks_per_sec = 0;
	/* a used-looking SIT: pseudo-random valid counts everywhere */
	for (i = 0; i < nr_segs; i++) {
		struct seg_entry *se = &sit->sentries[i];
		unsigned int v = (i * 2654435761u) >> 23;	/* 0..511 */

		se->type = i % 6;
		se->valid_blocks = v;
		se->ckpt_valid_blocks = v;
		se->mtime = i;
	}
	/* mkfs.f2fs placement (zone = section here, secs_per_zone = 1) */
	secs[CURSEG_HOT_NODE] = 0;
	secs[CURSEG_WARM_NODE] = 1;
	secs[CURSEG_COLD_NODE] = 2;
	secs[CURSEG_HOT_DATA] = 3;
	secs[CURSEG_COLD_DATA] = total_secs / 4 > 4 ? total_secs / 4 : 4;
	secs[CURSEG_WARM_DATA] = total_secs / 2 > secs[CURSEG_COLD_DATA] + 1 ?
				 total_secs / 2 : secs[CURSEG_COLD_DATA] + 1;
	for (i = 0; i < NR_PERSISTENT_LOG; i++) {
		SM_I(sbi)->curseg_array[i].segno = secs[i] * S;
		SM_I(sbi)->curseg_array[i].next_blkoff = 0;
	}
	/* the WARM_DATA section starts empty, as on a fresh file system */
	for (i = 0; i < S; i++) {
		struct seg_entry *se = &sit->sentries[secs[CURSEG_WARM_DATA] * S + i];
		se->valid_blocks = se->ckpt_valid_blocks = 0;
	}
}

static void print_cpu(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	int got = 0;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && got < 4) {
		if (!strncmp(line, "model name", 10) || !strncmp(line, "cpu family", 10) ||
		    !strncmp(line, "model\t", 6) || !strncmp(line, "CPU part", 8) ||
		    !strncmp(line, "CPU implementer", 15) || !strncmp(line, "cpu MHz", 7)) {
			printf("# %s", line);
			got++;
		}
	}
	fclose(f);
}

#if defined(__x86_64__)
static void print_x86_caches(void)
{
	unsigned int i;

	for (i = 0; i < 8; i++) {
		unsigned int a, b, c, d;
		unsigned int leaf = 0x8000001d;

		__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
				 : "a"(leaf), "c"(i));
		if ((a & 0x1f) == 0)
			break;
		{
			unsigned int level = (a >> 5) & 7, type = a & 0x1f;
			unsigned int line = (b & 0xfff) + 1;
			unsigned int parts = ((b >> 12) & 0x3ff) + 1;
			unsigned int ways = ((b >> 22) & 0x3ff) + 1;
			unsigned int sets = c + 1;
			printf("# cache L%u %s %u KiB, %u-way, line %u\n", level,
			       type == 1 ? "data" : type == 2 ? "instr" : "unified",
			       ways * parts * line * sets / 1024, ways, line);
		}
	}
}
#else
static void print_x86_caches(void) { }
#endif

int main(int argc, char **argv)
{
	unsigned int nr_segs = 128000;	/* ~250 GiB: null_blk gb=250 default */
	unsigned int reps = 41;
	unsigned long pages = 20000;
	size_t pollute_bytes = 0;
	int cpu = -1, opt, quick = 0;
	char slist[256] = "1,2,4,8,16,32,64,128,256,512";
	unsigned int Ss[32], nS = 0;
	char *tok;
	struct sit_info sit;
	struct f2fs_sm_info sm;
	struct f2fs_sb_info sbi;
	struct curseg_info *cs;
	uint64_t *samples, *base, *diffs;
	unsigned int k, r;
	uint64_t fs_cyc;

	while ((opt = getopt(argc, argv, "n:r:p:s:c:a:q")) != -1) {
		switch (opt) {
		case 'n': nr_segs = strtoul(optarg, NULL, 0); break;
		case 'r': reps = strtoul(optarg, NULL, 0); break;
		case 'p': pages = strtoul(optarg, NULL, 0); break;
		case 's': snprintf(slist, sizeof(slist), "%s", optarg); break;
		case 'c': pollute_bytes = strtoul(optarg, NULL, 0); break;
		case 'a': cpu = atoi(optarg); break;
		case 'q': quick = 1; break;
		default:
			fprintf(stderr, "usage: %s [-n segs] [-r reps] [-p pages] "
				"[-s S,S..] [-c pollute_bytes] [-a cpu] [-q]\n", argv[0]);
			return 2;
		}
	}
	if (quick) {
		reps = 1;
		pages = 1000;
	}
	if (!pollute_bytes)
		RING_BYTES = 1u << 20;	/* unused; keep start-up cheap (callgrind) */
	for (tok = strtok(slist, ","); tok && nS < 32; tok = strtok(NULL, ","))
		Ss[nS++] = strtoul(tok, NULL, 0);

	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			perror("sched_setaffinity");
	}

	sit.sentries = aligned_alloc(64, (size_t)nr_segs * sizeof(struct seg_entry));
	cs = aligned_alloc(64, NR_PERSISTENT_LOG * sizeof(*cs));
	ring = aligned_alloc(4096, RING_BYTES);
	srcbuf = aligned_alloc(4096, 1u << 20);
	samples = calloc(reps, sizeof(*samples));
	base = calloc(reps, sizeof(*base));
	diffs = calloc(reps, sizeof(*diffs));
	if (!sit.sentries || !cs || !ring || !srcbuf || !samples || !base || !diffs) {
		perror("alloc");
		return 1;
	}
	memset(sit.sentries, 0, (size_t)nr_segs * sizeof(struct seg_entry));
	memset(ring, 1, RING_BYTES);		/* fault the ring in */
	memset(srcbuf, 0x5a, 1u << 20);
	memset(cs, 0, NR_PERSISTENT_LOG * sizeof(*cs));
	sm.sit_info = &sit;
	sm.curseg_array = cs;
	sbi.sm_info = &sm;

	print_cpu();
	print_x86_caches();
	printf("# nr_segs=%u (SIT array %zu KiB), reps=%u, pages/rep=%lu, pollute=%zu B/page, cpu=%d\n",
	       nr_segs, (size_t)nr_segs * sizeof(struct seg_entry) / 1024, reps, pages,
	       pollute_bytes, cpu);
	fs_cyc = probe_fs_per_cycle();
	printf("# clock probe: %" PRIu64 ".%03" PRIu64 " ns per dependent add -> effective core clock %" PRIu64 " MHz\n",
	       fs_cyc / 1000000, fs_cyc / 1000 % 1000, (uint64_t)(1000000000ull / fs_cyc));
	printf("#  S  visits/page  check_ns/page[p25 median p75]  total_ns/page  base_ns/page  ps/visit(median)  mcycles/visit\n");

	for (k = 0; k < nS; k++) {
		unsigned int S = Ss[k];
		uint64_t visits, d25, d50, d75, tot, bas;

		if (S == 0 || nr_segs / S < 8) {
			fprintf(stderr, "skip S=%u\n", S);
			continue;
		}
		setup(&sbi, nr_segs, S);
		run_pages(&sbi, nr_segs, pages, pollute_bytes, 1);	/* warm-up */
		for (r = 0; r < reps; r++) {
			/* interleaved pairs over the same kind of page stream:
			 * without the check (base) and with it */
			base[r] = run_pages(&sbi, nr_segs, pages, pollute_bytes, 0);
			samples[r] = run_pages(&sbi, nr_segs, pages, pollute_bytes, 1);
			diffs[r] = samples[r] > base[r] ? samples[r] - base[r] : 0;
		}
		qsort(samples, reps, sizeof(*samples), cmp_u64);
		qsort(base, reps, sizeof(*base), cmp_u64);
		qsort(diffs, reps, sizeof(*diffs), cmp_u64);
		d25 = diffs[reps / 4] * 1000 / pages;		/* ps per page */
		d50 = diffs[reps / 2] * 1000 / pages;
		d75 = diffs[(3 * reps) / 4] * 1000 / pages;
		tot = samples[reps / 2] * 1000 / pages;
		bas = base[reps / 2] * 1000 / pages;
		visits = (S > 1) ? 7ull * S : 7ull;
		printf("%4u  %6" PRIu64 "   %6" PRIu64 ".%03" PRIu64 " %6" PRIu64 ".%03" PRIu64
		       " %6" PRIu64 ".%03" PRIu64 "   %6" PRIu64 ".%03" PRIu64
		       "   %6" PRIu64 ".%03" PRIu64 "   %6" PRIu64 "   %6" PRIu64 "\n",
		       S, visits,
		       d25 / 1000, d25 % 1000, d50 / 1000, d50 % 1000, d75 / 1000, d75 % 1000,
		       tot / 1000, tot % 1000, bas / 1000, bas % 1000,
		       d50 / visits, (uint64_t)(d50 * 1000000ull / visits / fs_cyc));
		fflush(stdout);
	}
	return 0;
}
