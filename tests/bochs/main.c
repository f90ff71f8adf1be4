/*
 * Freestanding test kernel: checks the AVX-512 reduction table against the
 * scalar reference inside Bochs (CPU model with AVX-512), so the kernels
 * are tested on hosts without AVX-512. Output goes to COM1; the last line
 * is "N passed, N failed", then the kernel asks Bochs to quit.
 *
 * Memory: the kernel is linked at 1 MiB; the checker's arena and the
 * instruction-count buffers follow it (identity-mapped by boot.S, checked
 * against the multiboot memory size). Nothing is freed: the run is one shot.
 */
#include "op/op.h"
#include "op_check.h"
#include "dt_kernel_check.h"
#include "dt/kernels/kernel_private.h"

#include <stddef.h>
#include <stdint.h>

#ifndef BOCHS_MAX_COUNT
#define BOCHS_MAX_COUNT 8191 /* largest element count op_check tries */
#endif
#define MULTIBOOT_LOADER_MAGIC 0x2badb002u
#define COM1 0x3f8
#define ICOUNT_BYTES (64 * 1024)

void bochs_main(uint32_t magic, uint32_t info);
int bochs_half_tie_defect(void);                           /* half_rounding.c */
void bochs_half_reference_adapt(op_table_t *reference);   /* half_rounding.c */
void bochs_trap(uint64_t vector, const uint64_t *frame);
extern char bochs_trap_stubs[];
extern char kernel_end[];

/* ---- compiler support: gcc may emit calls to these even when freestanding ---- */

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;

    while (n-- > 0)
        *d++ = (unsigned char)c;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;

    if (d < s)
        while (n-- > 0)
            *d++ = *s++;
    else
        while (n-- > 0)
            d[n] = s[n];
    return dst;
}

void *memcpy(void *dst, const void *src, size_t n)
{
    return memmove(dst, src, n);
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;

    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] - y[i];
    return 0;
}

/* ---- ports and serial output ---- */

static inline void port_out8(uint16_t port, uint8_t value)
{
    __asm__ volatile("outb %0, %1" : : "a"(value), "Nd"(port));
}

static inline uint8_t port_in8(uint16_t port)
{
    uint8_t value;

    __asm__ volatile("inb %1, %0" : "=a"(value) : "Nd"(port));
    return value;
}

/* COM1 at 115200 baud, 8 data bits, no parity, 1 stop bit; no interrupts. */
static void serial_init(void)
{
    port_out8(COM1 + 1, 0x00); /* IER: no interrupts */
    port_out8(COM1 + 3, 0x80); /* LCR: divisor latch access */
    port_out8(COM1 + 0, 0x01); /* divisor 1 = 115200 baud */
    port_out8(COM1 + 1, 0x00);
    port_out8(COM1 + 3, 0x03); /* LCR: 8N1 */
    port_out8(COM1 + 2, 0xc7); /* FCR: FIFO on, cleared */
    port_out8(COM1 + 4, 0x03); /* MCR: DTR, RTS */
}

static void serial_put(const char *s)
{
    for (; *s != '\0'; s++) {
        while ((port_in8(COM1 + 5) & 0x20) == 0) /* LSR: transmit holding empty */
            ;
        port_out8(COM1, (uint8_t)*s);
    }
}

static void serial_put_uint(uint64_t v)
{
    char digits[24];
    int n = sizeof(digits) - 1;

    digits[n] = '\0';
    do {
        digits[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    serial_put(digits + n);
}

static void serial_put_hex(uint64_t v)
{
    char digits[19] = "0x";

    for (int i = 0; i < 16; i++)
        digits[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15];
    digits[18] = '\0';
    serial_put(digits);
}

static void print_line(const char *line)
{
    serial_put(line);
    serial_put("\n");
}

/*
 * Bochs' shutdown port: writing "Shutdown" to 0x8900 ends the simulation.
 * First wait until the UART has sent everything (LSR: transmitter empty).
 */
static void bochs_shutdown(void)
{
    while ((port_in8(COM1 + 5) & 0x40) == 0)
        ;
    for (const char *s = "Shutdown"; *s != '\0'; s++)
        port_out8(0x8900, (uint8_t)*s);
}

/* ---- exceptions ---- */

typedef struct __attribute__((packed)) {
    uint16_t offset_low, selector;
    uint8_t ist, flags;
    uint16_t offset_mid;
    uint32_t offset_high, reserved;
} idt_gate_t;

static idt_gate_t idt[32];

/* Routes the 32 exception vectors to the stubs of boot.S. */
static void idt_install(void)
{
    struct __attribute__((packed)) {
        uint16_t limit;
        uint64_t base;
    } idtr = {sizeof(idt) - 1, (uint64_t)(uintptr_t)idt};

    for (int v = 0; v < 32; v++) {
        uint64_t stub = (uint64_t)(uintptr_t)(bochs_trap_stubs + 16 * v);
        idt[v] = (idt_gate_t){(uint16_t)stub, 0x08, 0, 0x8e, (uint16_t)(stub >> 16),
                              (uint32_t)(stub >> 32), 0};
    }
    __asm__ volatile("lidt %0" : : "m"(idtr));
}

/* A CPU exception (e.g. #UD on a missing instruction): report and quit. */
void bochs_trap(uint64_t vector, const uint64_t *frame)
{
    int has_error = vector == 8 || (vector >= 10 && vector <= 14) || vector == 17 ||
                    vector == 21 || vector == 29 || vector == 30;

    serial_put("TRAP vector=");
    serial_put_uint(vector);
    serial_put(" rip=");
    serial_put_hex(frame[has_error]);
    if (has_error) {
        serial_put(" error=");
        serial_put_hex(frame[0]);
    }
    serial_put("\n");
    bochs_shutdown();
}

/* ---- checks ---- */

static inline uint64_t tsc_read(void)
{
    uint32_t lo, hi;

    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return (uint64_t)hi << 32 | lo;
}

/* Whether the (emulated) CPU has AVX-512 F, DQ, BW, VL and boot.S enabled its state. */
static int cpu_has_avx512(void)
{
    uint32_t a = 7, b, c = 0, d, xcr0;
    const uint32_t need = 1u << 16 | 1u << 17 | 1u << 30 | 1u << 31;

    __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(d) : "c"(0));
    return (b & need) == need && (xcr0 & 0xe7) == 0xe7;
}

/* Whether it also has AVX-512 VBMI (byte permutes: the element-group kernels). */
static int cpu_has_vbmi(void)
{
    uint32_t a = 7, b, c = 0, d;

    __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    return (c >> 1) & 1;
}

static void table_build_avx512(op_table_t *table)
{
    memset(table, 0, sizeof(*table));
    op_reference_fill(table);
    op_target_avx512_fill(table);
}

/* Count of table entries the AVX-512 target replaced; 0 means nothing is tested. */
static unsigned table_overrides(const op_table_t *table, const op_table_t *reference)
{
    unsigned n = 0;

    for (int o = 0; o < VMPL_OP_COUNT; o++)
        for (int t = 0; t < VMPL_TYPE_COUNT; t++)
            n += table->kernel[o][t].binary != reference->kernel[o][t].binary ||
                 table->kernel[o][t].nary != reference->kernel[o][t].nary;
    return n;
}

/*
 * Instructions of one binary call over 64 KiB per operand. Bochs advances
 * the TSC by one per instruction, so the count is exact and repeatable.
 */
static uint64_t icount_binary(op_binary_fn_t fn, unsigned char *buf, size_t count)
{
    uint64_t t0 = tsc_read(), empty = tsc_read() - t0;

    t0 = tsc_read();
    fn(buf, buf + ICOUNT_BYTES, buf + 2 * ICOUNT_BYTES, count);
    return tsc_read() - t0 - empty;
}

static void icount_report(const op_table_t *table, const op_table_t *reference,
                          unsigned char *buf)
{
    static const struct {
        vmpl_op_t op;
        vmpl_type_t type;
    } cases[] = {
        {VMPL_OP_SUM, VMPL_TYPE_FLOAT},
        {VMPL_OP_SUM, VMPL_TYPE_UINT8},
        {VMPL_OP_MAX, VMPL_TYPE_DOUBLE},
        {VMPL_OP_MAXLOC, VMPL_TYPE_FLOAT_INT},
    };

    /* every byte <= 0x3f: floats are small positive normals, never NaN */
    for (size_t i = 0; i < 2 * ICOUNT_BYTES; i++)
        buf[i] = (unsigned char)((i * 37 + (i >> 9)) & 0x3f);
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        vmpl_op_t op = cases[c].op;
        vmpl_type_t type = cases[c].type;
        size_t count = ICOUNT_BYTES / op_type_size(type);

        serial_put("icount ");
        serial_put(vmpl_op_name(op));
        serial_put("/");
        serial_put(vmpl_type_name(type));
        serial_put(" 64KiB: avx512 ");
        serial_put_uint(icount_binary(table->kernel[op][type].binary, buf, count));
        serial_put(" reference ");
        serial_put_uint(icount_binary(reference->kernel[op][type].binary, buf, count));
        serial_put(" instructions\n");
    }
}

static op_table_t reference_table, avx512_table;

void bochs_main(uint32_t magic, uint32_t info)
{
    const uint32_t *mbi = (const uint32_t *)(uintptr_t)info;
    uintptr_t arena = ((uintptr_t)kernel_end + 4095) & ~(uintptr_t)4095;
    size_t arena_bytes = op_check_arena_bytes(BOCHS_MAX_COUNT);
    uint64_t ram_end, t0;
    unsigned overrides;
    op_check_result_t result = {0, 1};

    serial_init();
    idt_install();
    print_line("vmpl avx512 bochs check");
    /* mbi[0]: flags; bit 0: mbi[2] = KiB of memory above 1 MiB */
    ram_end = (magic == MULTIBOOT_LOADER_MAGIC && (mbi[0] & 1)) ? (1ull << 20) + mbi[2] * 1024ull
                                                                : 0;
    if (arena + (arena_bytes > DT_CHECK_ARENA_BYTES ? arena_bytes : DT_CHECK_ARENA_BYTES) +
            3 * ICOUNT_BYTES > ram_end) {
        print_line("error: not enough memory for the arena (raise megs in bochsrc)");
        goto out;
    }
    if (!cpu_has_avx512() || !cpu_has_vbmi()) {
        print_line("error: the emulated cpu lacks avx-512 f/dq/bw/vl/vbmi (cpu model?)");
        goto out;
    }
    memset(&reference_table, 0, sizeof(reference_table));
    op_reference_fill(&reference_table);
    if (bochs_half_tie_defect()) {
        print_line("note: this emulator rounds VCVTPS2PH ties away from even; float16 sum/prod "
                   "are checked against a reference narrowing with VCVTPS2PH (half_rounding.c)");
        bochs_half_reference_adapt(&reference_table);
    }
    table_build_avx512(&avx512_table);
    overrides = table_overrides(&avx512_table, &reference_table);
    serial_put("avx512 kernels: ");
    serial_put_uint(overrides);
    serial_put(" (op, type) entries differ from the reference; max_count ");
    serial_put_uint(BOCHS_MAX_COUNT);
    serial_put("\n");
    if (overrides == 0) {
        print_line("error: the avx512 target replaced no kernel");
        goto out;
    }

    icount_report(&avx512_table, &reference_table, (unsigned char *)(arena + arena_bytes));

    t0 = tsc_read();
    result = op_check_table(&avx512_table, &reference_table, 64,
                            &(op_check_env_t){.print = print_line,
                                              .arena = (unsigned char *)arena,
                                              .arena_bytes = arena_bytes,
                                              .max_count = BOCHS_MAX_COUNT,
                                              .seed = 0x5eed,
                                              .verbose = 1});
    serial_put("check: ");
    serial_put_uint(tsc_read() - t0);
    serial_put(" instructions\n");
    { /* the AVX-512 pack/unpack kernels of the datatype engine */
        dt_check_result_t dt = dt_kernel_check(dt_avx512_kernels, dt_avx512_kernel_count,
                                               (unsigned char *)arena, print_line);
        dt_check_result_t vbmi = dt_kernel_check(dt_avx512vbmi_kernels,
                                                 dt_avx512vbmi_kernel_count,
                                                 (unsigned char *)arena, print_line);
        const dt_program_kernels_t programs = {dt_blocks_pack_avx512, dt_blocks_unpack_avx512,
                                               dt_group_pack_vbmi, dt_group_unpack_vbmi};
        dt_check_result_t prog = dt_program_check(&programs, (unsigned char *)arena, print_line);
        if (vbmi.passed == 0 || prog.passed == 0)
            dt.failed++;
        dt.passed += vbmi.passed + prog.passed;
        dt.failed += vbmi.failed + prog.failed;
        serial_put("datatype kernels: ");
        serial_put_uint(dt.passed);
        serial_put(" passed, ");
        serial_put_uint(dt.failed);
        serial_put(" failed checks\n");
        result.passed += dt.passed;
        result.failed += dt.failed;
        if (dt.passed == 0)
            result.failed++;
    }
out:
    serial_put_uint(result.passed);
    serial_put(" passed, ");
    serial_put_uint(result.failed);
    serial_put(" failed\n");
    bochs_shutdown();
}
