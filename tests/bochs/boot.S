/*
 * Multiboot (v1) entry of the Bochs AVX-512 test kernel. GRUB enters in
 * 32-bit protected mode, paging off, EAX = multiboot magic, EBX = info.
 * We identity-map the first 1 GiB with 2 MiB pages, switch to long mode,
 * enable x87/SSE/AVX/AVX-512 state (CR4.OSXSAVE, XCR0 = 0xE7 as far as
 * the CPU supports it) and call bochs_main(magic, info). Exceptions land
 * in bochs_trap(vector, frame).
 * No interrupts are ever enabled.
 */
    .set MB_MAGIC, 0x1badb002
    .set MB_FLAGS, 0
    .set CR0_MP, 1 << 1
    .set CR0_EM, 1 << 2
    .set CR0_PG, 1 << 31
    .set CR4_PAE, 1 << 5
    .set CR4_OSFXSR, 1 << 9
    .set CR4_OSXMMEXCPT, 1 << 10
    .set CR4_OSXSAVE, 1 << 18
    .set MSR_EFER, 0xc0000080
    .set EFER_LME, 1 << 8
    .set XCR0_AVX512, 0xe7 /* x87 | SSE | AVX | opmask | ZMM_Hi256 | Hi16_ZMM */

    .section .multiboot, "a"
    .balign 4
    .long MB_MAGIC, MB_FLAGS, -(MB_MAGIC + MB_FLAGS)

    .section .bss
    .balign 4096
pml4:   .skip 4096
pdpt:   .skip 4096
pd:     .skip 4096 /* 512 x 2 MiB = the first 1 GiB */
    .balign 16
stack:  .skip 64 * 1024
stack_top:

    .section .rodata
    .balign 8
gdt:
    .quad 0
    .quad 0x00af9a000000ffff /* 0x08: 64-bit code */
    .quad 0x00cf92000000ffff /* 0x10: data */
gdt_end:
gdt_ptr:
    .word gdt_end - gdt - 1
    .long gdt

    .text
    .code32
    .globl _start
_start:
    cli
    mov %eax, %edi /* multiboot magic, first argument of bochs_main */
    mov %ebx, %esi /* multiboot info, second argument */
    mov $stack_top, %esp

    /* page tables (zeroed .bss): PML4[0] -> PDPT[0] -> PD, PD[i] = i * 2 MiB */
    movl $pdpt + 3, pml4 /* present | writable */
    movl $pd + 3, pdpt
    xor %ecx, %ecx
1:  mov %ecx, %eax
    shl $21, %eax
    or $0x83, %eax /* present | writable | 2 MiB page */
    mov %eax, pd(, %ecx, 8)
    inc %ecx
    cmp $512, %ecx
    jne 1b
    mov $pml4, %eax
    mov %eax, %cr3

    mov %cr4, %eax
    or $CR4_PAE | CR4_OSFXSR | CR4_OSXMMEXCPT | CR4_OSXSAVE, %eax
    mov %eax, %cr4
    mov $MSR_EFER, %ecx
    rdmsr
    or $EFER_LME, %eax
    wrmsr
    mov %cr0, %eax
    and $~CR0_EM, %eax
    or $CR0_PG | CR0_MP, %eax
    mov %eax, %cr0 /* paging on: long mode active */
    lgdt gdt_ptr
    ljmp $0x08, $long_mode

    .code64
long_mode:
    mov $0x10, %eax
    mov %eax, %ds
    mov %eax, %es
    mov %eax, %ss
    mov %eax, %fs
    mov %eax, %gs
    mov $stack_top, %rsp

    mov $0xd, %eax /* CPUID.(0xD, 0).EAX: the XCR0 bits this CPU supports */
    xor %ecx, %ecx
    cpuid
    and $XCR0_AVX512, %eax /* without AVX-512, bochs_main reports it */
    xor %ecx, %ecx
    xor %edx, %edx
    xsetbv
    fninit
    push $0x1f80 /* MXCSR: all exceptions masked, round to nearest */
    ldmxcsr (%rsp)
    add $8, %rsp

    mov %edi, %edi /* zero-extend: upper halves are undefined after the switch */
    mov %esi, %esi
    call bochs_main
    jmp bochs_halt

/* Exception stubs, 16 bytes each: push the vector, join trap_common. */
    .globl bochs_trap_stubs
    .balign 16
bochs_trap_stubs:
    .set vector, 0
    .rept 32
    .balign 16
    push $vector
    jmp trap_common
    .set vector, vector + 1
    .endr

trap_common:
    pop %rdi       /* vector */
    mov %rsp, %rsi /* CPU frame: [error code,] rip, cs, rflags, rsp, ss */
    and $-16, %rsp
    call bochs_trap
    /* fall through */

    .globl bochs_halt
bochs_halt:
    cli
    hlt
    jmp bochs_halt

    .section .note.GNU-stack, "", @progbits
