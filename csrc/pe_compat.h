/* pe_compat.h - the one place that knows about compilers, CPUs and operating systems.
 *
 * Every csrc file includes this header instead of using compiler builtins or OS calls directly:
 *   bits        pe_popcount64, pe_ctz32, pe_ctz64, pe_clz32 (GCC/clang builtins, MSVC intrinsics,
 *               portable C otherwise);
 *   multiply    pe_mul64x64 (64 x 64 -> 128 bits: __uint128_t, MSVC _umul128 / __umulh, or four
 *               32-bit products);
 *   hints       PE_LIKELY / PE_UNLIKELY / PE_PREFETCH / PE_PREFETCH_NTA / PE_PAUSE / PE_ALWAYS_INLINE / PE_INTERNAL (no-ops
 *               where unknown);
 *   vectors     PE_HAVE_VECTOR_EXT when GCC/clang vector extensions are available, and PE_SHUFFLE;
 *   dispatch    PE_POPCNT_TARGET and pe_have_popcnt(): on x86 under GCC/clang the popcount
 *               kernels are compiled for the popcnt instruction and chosen at run time with
 *               __builtin_cpu_supports; other GCC/clang targets always have a fast popcount;
 *               elsewhere the dispatch reports 0 and callers use their portable path;
 *               PE_BMI2_TARGET, pe_have_bmi2() and pe_pdep64 likewise for BMI2 (x86-64 only);
 *               PE_AVX512_TARGET and pe_have_avx512vbmi() for AVX-512 F/BW/VL/VBMI/VPOPCNTDQ kernels;
 *   entropy     pe_os_entropy(buf, len): getrandom(2) on Linux (the raw system call, so the
 *               module needs no newer glibc than 2.17; /dev/urandom when the kernel lacks it),
 *               getentropy / arc4random_buf on macOS and the BSDs, BCryptGenRandom on Windows,
 *               /dev/urandom on other Unix systems. Only the file that defines
 *               PE_COMPAT_WANT_ENTROPY before including this header gets it (it pulls in OS
 *               headers).
 *
 * PE_COMPAT_PORTABLE=1 (a -D flag) turns every compiler-specific path off, so the portable
 * fallbacks can be compiled and tested with any compiler (tools/check_portability.sh does).
 */
#ifndef PE_COMPAT_H
#define PE_COMPAT_H

#include <stddef.h>
#include <stdint.h>

#if (defined(__GNUC__) || defined(__clang__)) && !PE_COMPAT_PORTABLE
#define PE_GNUC 1
#else
#define PE_GNUC 0
#endif

#if defined(_MSC_VER) && !defined(__clang__) && !PE_COMPAT_PORTABLE
#define PE_MSVC 1
#include <intrin.h>
#else
#define PE_MSVC 0
#endif

/* ---- hints ---------------------------------------------------------------------------------- */
#if PE_GNUC
#define PE_LIKELY(x) __builtin_expect(!!(x), 1)
#define PE_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define PE_PREFETCH(p) __builtin_prefetch(p)
#define PE_PREFETCH_NTA(p) __builtin_prefetch((p), 0, 0) /* into L1 only where the CPU can */
#define PE_ALWAYS_INLINE __attribute__((always_inline)) inline
#define PE_NOINLINE __attribute__((noinline)) /* a rare path kept out of a hot loop's registers */
#define PE_UNROLL16 _Pragma("GCC unroll 16") /* the next loop unrolled (up to 16 iterations) */
#if defined(__x86_64__) || defined(__i386__)
#define PE_PAUSE() __builtin_ia32_pause() /* a spin-wait step (csrc/pe_pool.c) */
#elif defined(__aarch64__)
#define PE_PAUSE() __asm__ __volatile__("yield")
#else
#define PE_PAUSE() ((void)0)
#endif
#else
#define PE_PAUSE() ((void)0)
#define PE_LIKELY(x) (x)
#define PE_UNLIKELY(x) (x)
#define PE_PREFETCH(p) ((void)(p))
#define PE_PREFETCH_NTA(p) ((void)(p))
#if PE_MSVC
#define PE_ALWAYS_INLINE __forceinline
#define PE_NOINLINE __declspec(noinline)
#define PE_UNROLL16
#else
#define PE_ALWAYS_INLINE inline
#define PE_NOINLINE
#define PE_UNROLL16
#endif
#endif

/* Symbols shared between the module's own files only (the generated tables): hidden where the
 * object format has visibility, so the code reaches them directly instead of through the GOT. */
#if PE_GNUC && !defined(_WIN32) && !defined(__CYGWIN__)
#define PE_INTERNAL __attribute__((visibility("hidden")))
#else
#define PE_INTERNAL
#endif

#if PE_GNUC
#define PE_HAVE_VECTOR_EXT 1
/* PE_SHUFFLE(T, a, b, i0, i1, ...): the elements of vectors a and b (type T) picked by constant
 * indices (0.. from a, then b), as clang's __builtin_shufflevector and gcc's __builtin_shuffle. */
#if defined(__clang__)
#define PE_SHUFFLE(T, a, b, ...) ((T)__builtin_shufflevector((T)(a), (T)(b), __VA_ARGS__))
#else
#define PE_SHUFFLE(T, a, b, ...) ((T)__builtin_shuffle((T)(a), (T)(b), (T){__VA_ARGS__}))
#endif
#endif

/* ---- bit operations ------------------------------------------------------------------------- */
static inline int pe_popcount64(uint64_t x)
{
#if PE_GNUC
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Index of the lowest set bit; x != 0. */
static inline int pe_ctz32(uint32_t x)
{
#if PE_GNUC
    return __builtin_ctz(x);
#elif PE_MSVC
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
#else
    int n = 0;
    while (!(x & 1u)) { x >>= 1; n++; }
    return n;
#endif
}

/* Index of the lowest set bit; x != 0. */
static inline int pe_ctz64(uint64_t x)
{
#if PE_GNUC
    return __builtin_ctzll(x);
#elif PE_MSVC && (defined(_M_X64) || defined(_M_ARM64))
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
#else
    return (uint32_t)x ? pe_ctz32((uint32_t)x) : 32 + pe_ctz32((uint32_t)(x >> 32));
#endif
}

/* Number of leading zero bits; x != 0. */
static inline int pe_clz32(uint32_t x)
{
#if PE_GNUC
    return __builtin_clz(x);
#elif PE_MSVC
    unsigned long i;
    _BitScanReverse(&i, x);
    return 31 - (int)i;
#else
    int n = 0;
    while (!(x & 0x80000000u)) { x <<= 1; n++; }
    return n;
#endif
}

/* ---- 64 x 64 -> 128-bit multiply: returns the high word, stores the low word in *lo ---------- */
static inline uint64_t pe_mul64x64(uint64_t a, uint64_t b, uint64_t *lo)
{
#if PE_GNUC && defined(__SIZEOF_INT128__)
    const __uint128_t m = (__uint128_t)a * b;
    *lo = (uint64_t)m;
    return (uint64_t)(m >> 64);
#elif PE_MSVC && defined(_M_X64)
    uint64_t hi;
    *lo = _umul128(a, b, &hi);
    return hi;
#elif PE_MSVC && defined(_M_ARM64)
    *lo = a * b;
    return __umulh(a, b);
#else
    const uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* ---- CPU dispatch --------------------------------------------------------------------------- */
#if PE_GNUC && (defined(__x86_64__) || defined(__i386__))
#define PE_POPCNT_TARGET __attribute__((target("popcnt")))
static inline int pe_have_popcnt(void) { return __builtin_cpu_supports("popcnt"); }
#elif PE_GNUC
#define PE_POPCNT_TARGET
static inline int pe_have_popcnt(void) { return 1; }
#else
#define PE_POPCNT_TARGET
static inline int pe_have_popcnt(void) { return 0; }
#endif

/* BMI2 (x86-64 under GCC/clang): PE_BMI2_TARGET compiles a kernel for it, pe_have_bmi2() says
 * at run time whether this CPU has it, and pe_pdep64 is the pdep instruction (inline assembly, so
 * callers need no target attribute; call it only where pe_have_bmi2() is true). Elsewhere
 * pe_have_bmi2() is 0 and callers take their portable path. */
#if PE_GNUC && defined(__x86_64__)
#define PE_BMI2_TARGET __attribute__((target("bmi,bmi2,popcnt")))
static inline int pe_have_bmi2(void) { return __builtin_cpu_supports("bmi2"); }
static inline uint64_t pe_pdep64(uint64_t src, uint64_t mask)
{
    uint64_t r;
    __asm__("pdepq %2, %1, %0" : "=r"(r) : "r"(src), "rm"(mask));
    return r;
}
#else
#define PE_BMI2_TARGET
static inline int pe_have_bmi2(void) { return 0; }
static inline uint64_t pe_pdep64(uint64_t src, uint64_t mask) { (void)src; (void)mask; return 0; }
#endif

/* AVX-512 with byte permutes and popcounts (F + BW + VL + VBMI + VPOPCNTDQ + BITALG: Ice Lake, Zen 4 and
 * later; x86-64 under GCC/clang): PE_AVX512_TARGET
 * compiles a kernel for it and pe_have_avx512vbmi() says at run time whether this CPU (and OS) has
 * it; elsewhere it reports 0. */
#if PE_GNUC && defined(__x86_64__)
#define PE_HAVE_AVX512_KERNELS 1
#define PE_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vpopcntdq,avx512bitalg,popcnt")))
static inline int pe_have_avx512vbmi(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512bitalg");
}
#else
#define PE_HAVE_AVX512_KERNELS 0
#define PE_AVX512_TARGET
static inline int pe_have_avx512vbmi(void) { return 0; }
#endif

/* Reported by pe_cpu_features() (pyeval.build_info()): AVX2 on x86-64 under GCC/clang; NEON is part of
 * every aarch64 CPU (Advanced SIMD is mandatory in ARMv8-A). */
#if PE_GNUC && defined(__x86_64__)
static inline int pe_have_avx2(void) { return __builtin_cpu_supports("avx2"); }
#else
static inline int pe_have_avx2(void) { return 0; }
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
#define PE_HAVE_NEON 1
#else
#define PE_HAVE_NEON 0
#endif

/* The compiler that built the library, for pyeval.build_info(). */
#if defined(__clang__)
#define PE_COMPILER_TEXT "clang " __clang_version__
#elif defined(__GNUC__)
#define PE_COMPILER_TEXT "gcc " __VERSION__
#elif defined(_MSC_VER)
#define PE_COMPILER_STR2(x) #x
#define PE_COMPILER_STR(x) PE_COMPILER_STR2(x)
#define PE_COMPILER_TEXT "msvc " PE_COMPILER_STR(_MSC_VER)
#else
#define PE_COMPILER_TEXT "unknown"
#endif

#endif /* PE_COMPAT_H */

/* ---- OS entropy ----------------------------------------------------------------------------- */
#if defined(PE_COMPAT_WANT_ENTROPY) && !defined(PE_COMPAT_ENTROPY_DONE)
#define PE_COMPAT_ENTROPY_DONE 1

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <bcrypt.h>
#if defined(_MSC_VER)
#pragma comment(lib, "bcrypt")
#endif
#ifndef STATUS_SUCCESS
#define STATUS_SUCCESS ((NTSTATUS)0x00000000L)
#endif
#else
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__APPLE__) || defined(__OpenBSD__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__DragonFly__)
#include <stdlib.h> /* arc4random_buf */
#define PE_HAVE_ARC4RANDOM 1
#endif
#if defined(__APPLE__) || defined(__OpenBSD__)
#include <sys/random.h> /* getentropy (macOS 10.12+) */
#define PE_HAVE_GETENTROPY 1
#endif
#endif

#if !defined(_WIN32)
/* Reads len bytes of /dev/urandom into p. Returns 0 or -1. */
static int pe_urandom(uint8_t *p, size_t len)
{
#if defined(O_CLOEXEC)
    const int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
#else
    const int fd = open("/dev/urandom", O_RDONLY);
#endif
    if (fd < 0) return -1;
    size_t got = 0;
    while (got < len) {
        const ssize_t k = read(fd, p + got, len - got);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        got += (size_t)k;
    }
    close(fd);
    return got == len ? 0 : -1;
}
#endif

/* Fills buf with len bytes from the operating system's CSPRNG. Returns 0, or -1 when no source
 * answered (buf is then unspecified; callers discard it). */
static int pe_os_entropy(void *buf, size_t len)
{
    uint8_t *p = (uint8_t *)buf;
#if defined(_WIN32)
    while (len > 0) {
        const ULONG n = len > 0x40000000u ? 0x40000000u : (ULONG)len;
        if (BCryptGenRandom(NULL, p, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != STATUS_SUCCESS) return -1;
        p += n;
        len -= n;
    }
    return 0;
#elif defined(__linux__) && defined(SYS_getrandom)
    size_t got = 0;
    while (got < len) {
        const long k = syscall(SYS_getrandom, p + got, len - got, 0);
        if (k < 0) {
            if (errno == EINTR) continue;
            break; /* ENOSYS (kernel < 3.17) or a seccomp filter: read /dev/urandom instead */
        }
        got += (size_t)k;
    }
    return got == len ? 0 : pe_urandom(p + got, len - got);
#elif defined(PE_HAVE_GETENTROPY) || defined(PE_HAVE_ARC4RANDOM)
#if defined(PE_HAVE_GETENTROPY)
    size_t got = 0;
    while (got < len) {
        const size_t n = len - got > 256 ? 256 : len - got; /* getentropy's limit per call */
        if (getentropy(p + got, n) != 0) break;
        got += n;
    }
    if (got == len) return 0;
    p += got;
    len -= got;
#endif
#if defined(PE_HAVE_ARC4RANDOM)
    arc4random_buf(p, len); /* cannot fail */
    return 0;
#else
    return pe_urandom(p, len);
#endif
#else
    return pe_urandom(p, len);
#endif
}
#endif /* PE_COMPAT_WANT_ENTROPY */
