#include "code_fingerprint.h"

#include <algorithm>
#include <capstone/capstone.h>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

namespace steady {
namespace {

// capstone, resolved once with dlopen (like libpfm4 in counters.cpp), so that
// `-lsteady` stays enough to link a benchmark.
struct Capstone {
  decltype(&cs_open) open = nullptr;
  decltype(&cs_option) option = nullptr;
  decltype(&cs_disasm) disasm = nullptr;
  decltype(&cs_free) free = nullptr;
  decltype(&cs_insn_group) group = nullptr;
  csh handle = 0;
  bool ok = false;

  static const Capstone &get() {
    static const Capstone cs = [] {
      Capstone c;
      void *h = dlopen("libcapstone.so.4", RTLD_NOW | RTLD_LOCAL);
      if (!h)
        return c;
      c.open = reinterpret_cast<decltype(c.open)>(dlsym(h, "cs_open"));
      c.option = reinterpret_cast<decltype(c.option)>(dlsym(h, "cs_option"));
      c.disasm = reinterpret_cast<decltype(c.disasm)>(dlsym(h, "cs_disasm"));
      c.free = reinterpret_cast<decltype(c.free)>(dlsym(h, "cs_free"));
      c.group = reinterpret_cast<decltype(c.group)>(dlsym(h, "cs_insn_group"));
      c.ok = c.open && c.option && c.disasm && c.free && c.group &&
             c.open(CS_ARCH_X86, CS_MODE_64, &c.handle) == CS_ERR_OK &&
             c.option(c.handle, CS_OPT_DETAIL, CS_OPT_ON) == CS_ERR_OK;
      return c;
    }();
    return cs;
  }
};

// FNV-1a, 64 bits: stable across runs and builds of steady (std::hash is not).
struct Hash {
  std::uint64_t h = 14695981039346656037ull;
  void bytes(const void *p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      h = (h ^ static_cast<const unsigned char *>(p)[i]) * 1099511628211ull;
  }
  void text(std::string_view s) {
    bytes(s.data(), s.size());
    bytes("", 1); // a terminator: "ab","c" differs from "a","bc"
  }
  template <class T> void value(T v) { bytes(&v, sizeof v); }
};

struct Symbol {
  std::uint64_t addr, size;
  std::string name;
  bool function;
};

// The ELF file of the loaded object holding an address: its sections,
// symbols and dynamic relocations (which name what a GOT slot points to).
class Image {
public:
  static std::optional<Image> of(const void *addr) {
    struct Found {
      std::uintptr_t addr = 0, bias = 0;
      std::string path;
      bool found = false;
    } f;
    f.addr = reinterpret_cast<std::uintptr_t>(addr);
    dl_iterate_phdr(
        [](dl_phdr_info *info, std::size_t, void *data) {
          auto *f = static_cast<Found *>(data);
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr) &ph = info->dlpi_phdr[i];
            const std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
            if (ph.p_type == PT_LOAD && f->addr >= lo && f->addr < lo + ph.p_memsz) {
              f->bias = info->dlpi_addr;
              f->path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
              f->found = true;
              return 1;
            }
          }
          return 0;
        },
        &f);
    if (!f.found)
      return std::nullopt;
    Image img;
    img.bias = f.bias;
    if (!img.load(f.path))
      return std::nullopt;
    return img;
  }

  std::uintptr_t bias = 0;
  // A position-dependent executable (ET_EXEC, -no-pie): its code holds
  // absolute addresses (a displacement without a base register, an
  // immediate), which change with the layout as RIP-relative ones do.
  bool absolute = false;

  const ElfW(Shdr) * section(std::uint64_t addr) const {
    for (const ElfW(Shdr) *s : sections_)
      if (addr >= s->sh_addr && addr < s->sh_addr + s->sh_size)
        return s;
    return nullptr;
  }
  std::string_view section_name(const ElfW(Shdr) * s) const { return shstr_ + s->sh_name; }
  // File contents at a virtual address, up to `n` bytes within its section.
  std::string_view contents(std::uint64_t addr, std::uint64_t n) const {
    const ElfW(Shdr) *s = section(addr);
    if (!s || s->sh_type == SHT_NOBITS)
      return {};
    n = std::min(n, s->sh_addr + s->sh_size - addr);
    return {static_cast<const char *>(map_.get()) + s->sh_offset + (addr - s->sh_addr), n};
  }
  const Symbol *symbol(std::uint64_t addr) const {
    auto it = std::upper_bound(symbols_.begin(), symbols_.end(), addr,
                               [](std::uint64_t a, const Symbol &s) { return a < s.addr; });
    // The nearest few symbols starting at or before addr (aliases and nested
    // objects share addresses).
    for (int back = 0; back < 8 && it != symbols_.begin(); ++back)
      if (--it, addr < it->addr + it->size)
        return &*it;
    return nullptr;
  }
  const std::string *got_name(std::uint64_t slot) const {
    auto it = got_names_.find(slot);
    return it == got_names_.end() ? nullptr : &it->second;
  }

private:
  // The file, unmapped with the last Image sharing it; the pointers below
  // point into it, so moving an Image moves nothing they depend on.
  std::shared_ptr<const void> map_;
  std::size_t size_ = 0;
  const char *shstr_ = "";
  std::vector<const ElfW(Shdr) *> sections_;
  std::vector<Symbol> symbols_; // sorted by address
  std::map<std::uint64_t, std::string> got_names_;

  bool load(const std::string &path) {
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return false;
    struct stat st{};
    void *map = MAP_FAILED;
    if (fstat(fd, &st) == 0 && st.st_size > 0)
      map = mmap(nullptr, size_ = std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
      return false;
    map_.reset(map, [n = size_](const void *p) { munmap(const_cast<void *>(p), n); });
    const auto *base = static_cast<const char *>(map_.get());
    const auto *eh = reinterpret_cast<const ElfW(Ehdr) *>(base);
    if (size_ < sizeof *eh || std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + std::uint64_t(eh->e_shnum) * sizeof(ElfW(Shdr)) > size_ || eh->e_shstrndx >= eh->e_shnum)
      return false;
    absolute = eh->e_type == ET_EXEC;
    const auto *sh = reinterpret_cast<const ElfW(Shdr) *>(base + eh->e_shoff);
    shstr_ = base + sh[eh->e_shstrndx].sh_offset;
    for (int i = 0; i < eh->e_shnum; ++i) {
      const ElfW(Shdr) &s = sh[i];
      if (s.sh_type != SHT_NOBITS && s.sh_offset + s.sh_size > size_)
        return false;
      if (s.sh_flags & SHF_ALLOC)
        sections_.push_back(&s);
      if (s.sh_type == SHT_SYMTAB || s.sh_type == SHT_DYNSYM)
        read_symbols(s, sh[s.sh_link]);
    }
    for (int i = 0; i < eh->e_shnum; ++i)
      if (sh[i].sh_type == SHT_RELA && sh[sh[i].sh_link].sh_type == SHT_DYNSYM)
        read_got_names(sh[i], sh[sh[i].sh_link], sh[sh[sh[i].sh_link].sh_link]);
    std::sort(symbols_.begin(), symbols_.end(), [](const Symbol &a, const Symbol &b) { return a.addr < b.addr; });
    return true;
  }

  void read_symbols(const ElfW(Shdr) & table, const ElfW(Shdr) & strings) {
    const auto *base = static_cast<const char *>(map_.get());
    const auto *syms = reinterpret_cast<const ElfW(Sym) *>(base + table.sh_offset);
    for (std::size_t i = 0; i < table.sh_size / sizeof(ElfW(Sym)); ++i) {
      const ElfW(Sym) &s = syms[i];
      const int type = ELF64_ST_TYPE(s.st_info);
      if (s.st_shndx == SHN_UNDEF || s.st_size == 0 || (type != STT_FUNC && type != STT_OBJECT))
        continue;
      symbols_.push_back({s.st_value, s.st_size, base + strings.sh_offset + s.st_name, type == STT_FUNC});
    }
  }

  // A GOT slot (also a PLT stub's) is named by the dynamic relocation that fills it.
  void read_got_names(const ElfW(Shdr) & rela, const ElfW(Shdr) & dynsym, const ElfW(Shdr) & dynstr) {
    const auto *base = static_cast<const char *>(map_.get());
    const auto *r = reinterpret_cast<const ElfW(Rela) *>(base + rela.sh_offset);
    const auto *syms = reinterpret_cast<const ElfW(Sym) *>(base + dynsym.sh_offset);
    for (std::size_t i = 0; i < rela.sh_size / sizeof(ElfW(Rela)); ++i)
      if (std::size_t sym = ELF64_R_SYM(r[i].r_info); sym && sym < dynsym.sh_size / sizeof(ElfW(Sym)))
        got_names_[r[i].r_offset] = base + dynstr.sh_offset + syms[sym].st_name;
  }
};

constexpr std::uint64_t kMaxObjectBytes = 4096;
constexpr std::uint64_t kMaxStringBytes = 64;

// Hashes a function's instructions with their references normalized.
class Fingerprinter {
public:
  explicit Fingerprinter(const Image &img) : main_(img), cs_(Capstone::get()) {}

  // Each function at `addrs` (link-time addresses) in turn, into one hash.
  std::optional<CodeIdentity> run(const std::vector<std::uint64_t> &addrs) {
    if (!cs_.ok)
      return std::nullopt;
    Hash h;
    for (std::uint64_t addr : addrs) {
      const Symbol *fn = main_.symbol(addr);
      if (!fn || !fn->function || !function(main_, *fn, h))
        return std::nullopt;
    }
    return CodeIdentity{fmt::format("{:016x}", h.h), bytes_, functions_};
  }

private:
  const Image &main_;
  const Capstone &cs_;
  std::map<std::string, std::optional<Image>> others_; // other loaded objects, by file name
  std::set<std::uintptr_t> seen_;                      // run-time addresses
  std::uint64_t bytes_ = 0;
  int functions_ = 0;

  bool function(const Image &img, const Symbol &fn, Hash &h) {
    std::string_view code = img.contents(fn.addr, fn.size);
    if (code.size() != fn.size)
      return false;
    seen_.insert(img.bias + fn.addr);
    bytes_ += fn.size;
    ++functions_;
    cs_insn *insn = nullptr;
    const std::size_t n =
        cs_.disasm(cs_.handle, reinterpret_cast<const std::uint8_t *>(code.data()), code.size(), fn.addr, 0, &insn);
    for (std::size_t i = 0; i < n; ++i)
      instruction(img, insn[i], fn, h);
    if (n)
      cs_.free(insn, n);
    return n > 0;
  }

  // A RIP-relative displacement is always 4 bytes, but capstone 4 reports 2
  // for some 0x66-prefixed SSE stores (movupd %xmm0, x(%rip)), which left half
  // of an address in the hash: found by its value when not where it is said.
  static void zero_displacement(std::uint8_t *raw, std::size_t size, std::size_t at, std::int32_t disp) {
    if (at + 4 > size || std::memcmp(raw + at, &disp, 4) != 0)
      for (at = 1; at + 4 <= size && std::memcmp(raw + at, &disp, 4) != 0; ++at) {
      }
    if (at + 4 <= size)
      std::memset(raw + at, 0, 4);
  }

  // The bytes with the relative displacement or branch offset zeroed, then
  // what the reference points to.
  void instruction(const Image &img, const cs_insn &in, const Symbol &fn, Hash &h) {
    std::uint8_t raw[16];
    std::memcpy(raw, in.bytes, std::min<std::size_t>(in.size, sizeof raw));
    const cs_x86 &x = in.detail->x86;
    const bool branch = cs_.group(cs_.handle, &in, CS_GRP_BRANCH_RELATIVE);
    for (int o = 0; o < x.op_count; ++o) {
      const cs_x86_op &op = x.operands[o];
      if (branch && op.type == X86_OP_IMM) {
        std::memset(raw + x.encoding.imm_offset, 0, x.encoding.imm_size);
        target(img, std::uint64_t(op.imm), 0, false, fn, h);
      } else if (op.type == X86_OP_MEM && op.mem.base == X86_REG_RIP) {
        zero_displacement(raw, in.size, x.encoding.disp_offset, std::int32_t(op.mem.disp));
        target(img, in.address + in.size + std::uint64_t(op.mem.disp), in.id == X86_INS_LEA ? 0 : op.size, true, fn, h);
      } else if (img.absolute && op.type == X86_OP_MEM && op.mem.base == X86_REG_INVALID &&
                 op.mem.segment == X86_REG_INVALID && img.section(std::uint64_t(op.mem.disp))) {
        // An absolute address, e.g. a switch's `jmp *table(,%rcx,8)`: indexed, it is a table's start.
        zero_displacement(raw, in.size, x.encoding.disp_offset, std::int32_t(op.mem.disp));
        const bool indexed = op.mem.index != X86_REG_INVALID || in.id == X86_INS_LEA;
        target(img, std::uint64_t(op.mem.disp), indexed ? 0 : op.size, true, fn, h);
      } else if (img.absolute && !branch && op.type == X86_OP_IMM && op.size >= 4 &&
                 img.section(std::uint64_t(op.imm))) {
        // An address as an immediate (mov $table, %reg).
        std::memset(raw + x.encoding.imm_offset, 0, x.encoding.imm_size);
        target(img, std::uint64_t(op.imm), 0, true, fn, h);
      }
    }
    h.bytes(raw, in.size);
  }

  void target(const Image &img, std::uint64_t to, std::uint64_t access_size, bool data, const Symbol &fn, Hash &h) {
    if (to >= fn.addr && to < fn.addr + fn.size) {
      h.text("local");
      h.value(to - fn.addr);
      return;
    }
    if (const std::string *name = img.got_name(to)) { // a GOT slot: what the loader puts there
      h.text("got");
      h.text(*name);
      follow(*name, h);
      return;
    }
    const ElfW(Shdr) *sec = img.section(to);
    if (!sec) {
      h.text("unmapped");
      return;
    }
    if (!data && img.section_name(sec).starts_with(".plt")) {
      std::string name = plt_name(img, to);
      h.text("plt");
      h.text(name);
      follow(name, h);
      return;
    }
    const Symbol *sym = img.symbol(to);
    if (sym && sym->function) {
      h.text("call");
      h.text(sym->name);
      h.value(to - sym->addr);
      // The callee's code, once, however deep: a payload-private clone or a
      // helper that was not inlined is part of what is timed, and so is
      // whatever was inlined into a callee of a callee (snappy's Compress ->
      // CompressFragment is four calls below a test's body).
      if (!seen_.count(img.bias + sym->addr))
        function(img, *sym, h);
      return;
    }
    const bool constant = !(sec->sh_flags & (SHF_WRITE | SHF_EXECINSTR));
    if (sym) {
      h.text("object");
      h.text(sym->name);
      h.value(to - sym->addr);
      if (constant)
        h.text(img.contents(sym->addr, std::min(sym->size, kMaxObjectBytes)));
      return;
    }
    h.text(img.section_name(sec));
    if (!constant)
      return;
    if (!access_size && jump_table(img, to, fn, h))
      return;
    // Unnamed constant data: the bytes loaded, or a string's characters.
    std::string_view bytes = img.contents(to, access_size ? access_size : kMaxStringBytes);
    if (!access_size)
      bytes = bytes.substr(0, bytes.find('\0'));
    h.text(bytes);
  }

  // A jump table of a position-independent switch: 32-bit offsets from the
  // table to blocks of `fn`; of a position-dependent one (Image::absolute),
  // 64-bit addresses of them. Either changes whenever `fn` moves (relative to
  // .rodata), so each entry is hashed as its block's offset in `fn`. Its
  // entries are the words that land in `fn`; data that is not a jump table
  // has none (a false match needs a word to hit the few hundred bytes of `fn`
  // out of the address space).
  bool jump_table(const Image &img, std::uint64_t table, const Symbol &fn, Hash &h) {
    std::string_view words = img.contents(table, kMaxObjectBytes);
    for (const std::size_t step : {4, 8}) {
      if (step == 8 && !img.absolute)
        break;
      bool any = false;
      for (std::size_t i = 0; i + step <= words.size(); i += step) {
        std::int32_t offset;
        std::uint64_t address;
        std::memcpy(step == 4 ? static_cast<void *>(&offset) : &address, words.data() + i, step);
        const std::uint64_t block = step == 4 ? table + std::uint64_t(std::int64_t(offset)) : address;
        if (block < fn.addr || block >= fn.addr + fn.size)
          break;
        if (!any)
          h.text("jump table");
        any = true;
        h.value(block - fn.addr);
      }
      if (any)
        return true;
    }
    return false;
  }

  // A function of another loaded object (a shared library the benchmark
  // calls, its own or the system's): its code as the loader bound it, so that
  // a changed library is not "identical code". Data symbols are not followed.
  void follow(const std::string &name, Hash &h) {
    const void *addr = dlsym(RTLD_DEFAULT, name.c_str());
    if (!addr || seen_.count(reinterpret_cast<std::uintptr_t>(addr)))
      return;
    Dl_info where{};
    if (!dladdr(addr, &where) || !where.dli_fname)
      return;
    std::optional<Image> &img = others_[where.dli_fname];
    if (!img)
      img = Image::of(addr);
    if (!img)
      return;
    if (const Symbol *sym = img->symbol(reinterpret_cast<std::uintptr_t>(addr) - img->bias); sym && sym->function)
      function(*img, *sym, h);
  }

  // A PLT stub jumps through a GOT slot, named by its relocation.
  std::string plt_name(const Image &img, std::uint64_t stub) {
    std::string_view code = img.contents(stub, 16);
    cs_insn *insn = nullptr;
    const std::size_t n =
        cs_.disasm(cs_.handle, reinterpret_cast<const std::uint8_t *>(code.data()), code.size(), stub, 0, &insn);
    std::string name = "?";
    for (std::size_t i = 0; i < n && name == "?"; ++i) {
      const cs_x86 &x = insn[i].detail->x86;
      for (int o = 0; o < x.op_count; ++o)
        if (x.operands[o].type == X86_OP_MEM && x.operands[o].mem.base == X86_REG_RIP)
          if (const std::string *got = img.got_name(insn[i].address + insn[i].size + x.operands[o].mem.disp))
            name = *got;
    }
    if (n)
      cs_.free(insn, n);
    return name;
  }
};

} // namespace

std::optional<CodeIdentity> code_fingerprint(const void *fn) { return code_fingerprint(std::vector<const void *>{fn}); }

std::optional<CodeIdentity> code_fingerprint(const std::vector<const void *> &fns) {
#if defined(__x86_64__)
  if (fns.empty())
    return std::nullopt;
  std::optional<Image> img = Image::of(fns[0]);
  if (!img)
    return std::nullopt;
  std::vector<std::uint64_t> addrs;
  for (const void *fn : fns)
    addrs.push_back(reinterpret_cast<std::uintptr_t>(fn) - img->bias);
  return Fingerprinter(*img).run(addrs);
#else
  (void)fns;
  return std::nullopt;
#endif
}

} // namespace steady
