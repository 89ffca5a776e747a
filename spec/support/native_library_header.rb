# frozen_string_literal: true

# What the first bytes of a native library say it is, in file(1)'s words: the container (ELF on
# Linux, Mach-O on macOS), the kind of file and the CPU it was built for. Read in Ruby from the
# bytes, so a spec checks a library of any platform on this one, with no tool installed.
module NativeLibraryHeader
  module_function

  # ELF: e_ident ("\x7FELF", class 2 = 64-bit, data 1 = little-endian), e_type at 16, e_machine at 18.
  ELF_TYPES = { 3 => "shared object" }.freeze
  ELF_MACHINES = { 62 => "x86-64", 183 => "ARM aarch64" }.freeze
  # Mach-O: MH_MAGIC_64 (0xfeedfacf, stored little-endian), cputype at 4, filetype at 12 (<mach-o/loader.h>).
  MACH_O_MAGIC_64 = 0xfeedfacf
  MACH_O_TYPES = { 6 => "dynamically linked shared library" }.freeze
  MACH_O_CPUS = { 0x01000007 => "x86_64", 0x0100000c => "arm64" }.freeze

  # The description of a library's header, e.g. "ELF 64-bit LSB shared object, x86-64" or
  # "Mach-O 64-bit dynamically linked shared library arm64"; "unknown" with the bytes otherwise.
  def describe(header)
    bytes = header.b
    elf(bytes) || mach_o(bytes) || "unknown (#{bytes[0, 20].unpack1('H*')})"
  end

  def elf(bytes)
    return unless bytes.start_with?("\x7FELF".b) && bytes.getbyte(4) == 2 && bytes.getbyte(5) == 1

    type, machine = bytes.unpack("@16 v v")
    "ELF 64-bit LSB #{ELF_TYPES.fetch(type, "type #{type}")}, #{ELF_MACHINES.fetch(machine, "machine #{machine}")}"
  end

  def mach_o(bytes)
    magic, cpu, _subtype, type = bytes.unpack("V4")
    return unless magic == MACH_O_MAGIC_64

    "Mach-O 64-bit #{MACH_O_TYPES.fetch(type, "filetype #{type}")} #{MACH_O_CPUS.fetch(cpu, format('cputype 0x%x', cpu))}"
  end
end
