/* A minimal hand-written C loop of random 4-player Trouble, default rules (pass always
 * allowed, a 6 always pops again, exact finish, play on until every place is decided): the
 * comparator of the native core's random games (benchmarks/native_playouts.py). Every
 * choice is uniform among the legal moves and the pass, as pegrace's random player makes it.
 * Usage: trouble GAMES SEED; prints games, moves and CPU seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOOP 28
#define GOAL 31
#define SEATS 4

static uint64_t state;

static uint64_t next(void) { /* splitmix64 */
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(((next() >> 32) * (uint64_t)n) >> 32); }

static int holds(const int *row, int value) {
    return row[0] == value || row[1] == value || row[2] == value || row[3] == value;
}

static void sort4(int *row) {
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && row[j - 1] > row[j]; j--) {
            int t = row[j]; row[j] = row[j - 1]; row[j - 1] = t;
        }
}

static int first_seat(void) { /* the roll-off: ties pop again among the tied */
    int seats[SEATS] = {0, 1, 2, 3}, count = SEATS;
    while (count > 1) {
        int pops[SEATS], top = 0, tied = 0;
        for (int i = 0; i < count; i++) { pops[i] = below(6) + 1; if (pops[i] > top) top = pops[i]; }
        for (int i = 0; i < count; i++) if (pops[i] == top) seats[tied++] = seats[i];
        count = tied;
    }
    return seats[0];
}

static void step(int pegs[SEATS][4], int seat, int origin, int target) {
    if (target < LOOP) { /* an opponent on the landing space goes home */
        int space = (seat * 7 + target) % LOOP;
        for (int other = 0; other < SEATS; other++) {
            if (other == seat) continue;
            int relative = ((space - other * 7) % LOOP + LOOP) % LOOP;
            for (int i = 0; i < 4; i++)
                if (pegs[other][i] == relative) { pegs[other][i] = -1; sort4(pegs[other]); other = SEATS; break; }
        }
    }
    for (int i = 0; i < 4; i++) if (pegs[seat][i] == origin) { pegs[seat][i] = target; break; }
    sort4(pegs[seat]);
}

static long play(void) {
    int pegs[SEATS][4], finished[SEATS] = {0}, done = 0;
    memset(pegs, 0xff, sizeof pegs); /* every peg at home (-1) */
    int seat = first_seat();
    long moves = 0;
    for (;;) {
        int roll = below(6) + 1, *mine = pegs[seat], origin[5], target[5], n = 0, previous = -2;
        for (int i = 0; i < 4; i++) {
            int p = mine[i];
            if (p == previous) continue;
            previous = p;
            if (p < 0) { if (roll == 6 && !holds(mine, 0)) { origin[n] = -1; target[n++] = 0; } continue; }
            if (p + roll <= GOAL && !holds(mine, p + roll)) { origin[n] = p; target[n++] = p + roll; }
        }
        int pick = below(n + 1); /* n: the pass */
        moves++;
        if (pick < n) {
            step(pegs, seat, origin[pick], target[pick]);
            if (mine[0] >= LOOP && !finished[seat]) {
                finished[seat] = 1;
                if (SEATS - ++done <= 1) return moves;
            }
        }
        if (roll == 6 && !finished[seat]) continue;
        do seat = (seat + 1) % SEATS; while (finished[seat]);
    }
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 10000, moves = 0;
    state = argc > 2 ? strtoull(argv[2], 0, 10) : 1;
    clock_t start = clock();
    for (long g = 0; g < games; g++) moves += play();
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("%ld %ld %.6f\n", games, moves, seconds);
    return 0;
}
