# xproj — build, test, install.  `make` builds build/xproj, build/libxproj.a, build/libxproj.so.0 and the man page.
#
#   make              build            make check        unit + end-to-end tests
#   make check SAN=1  tests under ASan+UBSan (objects in build/san)
#   make check-valgrind [VG_TESTS="unit replays crash"] [VG_ORIGINS=no]   tests under valgrind
#   make check-browser  the workbench in headless Chromium (screenshots in build/browser)
#   make check-data   real-data checks (needs ../shared/data)
#   make check-cluster  the workflow on a single-node Slurm (slurm-wlm, munge)
#   make bench        benchmarks (needs ../shared/data); figures into bench/results/
#   make bench-docs   README.md's and docs/'s figure tables from bench/results/*.json
#   make demo         the pipeline on the bundled sample    make docs   --help into docs/cmd/*.md
#   make lang-doc     docs/languages.md's rule tables, from the language packs
#   make fuzz         run every libFuzzer target for FUZZ_SECONDS each (clang)
#   make lint         gcc -fanalyzer and cppcheck over the sources; fails on a finding not in scripts/lint.known
#                     (make check LINT=yes: as one more suite)
#   make install PREFIX=/usr/local [DESTDIR=...]     make uninstall (the same PREFIX, DESTDIR)

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
DATA    ?= ../shared/data
FUZZ_SECONDS ?= 30
CC      ?= cc
# the one version number is base/version.h's; the soname carries its major
VERSION := $(shell sed -n 's/^\#define XP_VERSION_STRING "\(.*\)"/\1/p' base/version.h)
SOMAJOR := $(shell sed -n 's/^\#define XP_VERSION_MAJOR \([0-9]*\)/\1/p' base/version.h)
SONAME  := libxproj.so.$(SOMAJOR)

PKGS    := libxml-2.0 icu-uc icu-i18n zlib libzip sqlite3 jansson libmicrohttpd
# pkg-config name -> Debian package
deb_libxml-2.0 := libxml2-dev
deb_icu-uc     := libicu-dev
deb_icu-i18n   := libicu-dev
deb_zlib       := zlib1g-dev
deb_libzip     := libzip-dev
deb_sqlite3    := libsqlite3-dev
deb_jansson    := libjansson-dev
deb_libmicrohttpd := libmicrohttpd-dev
deb_cmocka     := libcmocka-dev
deb_cc         := build-essential
deb_pkg-config := pkg-config

NODEPS_GOALS := clean help uninstall
ifeq ($(filter-out $(NODEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
else
  # What building needs and lacks: a C compiler, pkg-config, and each
  # library by its pkg-config name (with no pkg-config, every library: none
  # can be told present).  Recursive, so it is asked again after installing.
  have_pc = $(shell command -v pkg-config >/dev/null 2>&1 && echo y)
  need = $(if $(shell command -v $(firstword $(CC)) >/dev/null 2>&1 && echo y),,cc) $(if $(have_pc),,pkg-config) \
	 $(foreach p,$(PKGS) cmocka,$(if $(have_pc),$(if $(shell pkg-config --exists $(p) && echo y),,$(p)),$(p)))
  debs = $(sort $(foreach p,$(1),$(deb_$(p))))
  # On a fresh machine where we may install (root or passwordless sudo), the
  # README's two commands are all the set-up, even where only make exists:
  # install what is missing once (the build's packages, not the browser
  # tests'), before anything else is asked of pkg-config.
  XP_INSTALL_DEPS ?= scripts/install-deps
  XP_CAN_INSTALL ?= $(shell [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null && echo y)
  missing := $(strip $(need))
  ifneq ($(missing),)
    ifeq ($(XP_CAN_INSTALL),y)
      $(info xproj: installing missing build dependencies: $(call debs,$(missing)))
      $(shell NO_BROWSER=1 $(XP_INSTALL_DEPS) >&2)
      missing := $(strip $(need))
    endif
  endif
  # cmocka is for `make check` only (its tests say so if it is missing)
  ifneq ($(filter-out cmocka,$(missing)),)
    $(error missing: $(missing).  Run:  sudo apt-get install -y $(call debs,$(missing))  (or scripts/install-deps))
  endif
endif

# The CLI tests' hang limits are the native binary's (tests/cli/lib,
# limit); an ASan build at -O1 runs a few times slower, and a gzip bomb's
# 256 MB of inflating then missed its 5 s on a loaded machine.
ifeq ($(SAN),1)
  B        := build/san
  SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
  OPT      := -O1 -g
  SLOWDOWN := XP_SLOWDOWN=$${XP_SLOWDOWN:-4}
else
  B        := build
  SANFLAGS :=
  OPT      := -O2 -g
  SLOWDOWN :=
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS  ?= $(OPT)
# -fPIC: one set of objects makes both libxproj.a and libxproj.so
CFLAGS  += -std=c17 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -fPIC \
           -I. $(PKG_CFLAGS) $(SANFLAGS) -MMD -MP
LDLIBS  += $(PKG_LIBS) -lm -lpthread
LDFLAGS += $(SANFLAGS)

MODULES  := base model io lang eval align project correct pipeline serve
LIB_SRC  := $(foreach m,$(MODULES),$(wildcard $(m)/*.c))
# the packs' compiled-in data: confidence models (lang/calib/CODE.json, lang/lang.h
# calibration) and tables of mention ends (lang/ends/CODE.json, mention_ends)
CALIB    := $(patsubst lang/calib/%.json,calib_%,$(sort $(wildcard lang/calib/*.json))) \
	    $(patsubst lang/ends/%.json,ends_%,$(sort $(wildcard lang/ends/*.json)))
LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/assets.o $(CALIB:%=$(B)/obj/gen/%.o)
# the workbench's page, compiled in (serve/assets.h)
ASSETS   := $(sort $(wildcard serve/assets/*.html serve/assets/*.css serve/assets/*.js serve/assets/*.svg))
TOOL_SRC := $(wildcard tools/*.c)
TOOL_OBJ := $(TOOL_SRC:%.c=$(B)/obj/%.o)
TEST_SRC := $(wildcard tests/unit/test_*.c)
TESTS    := $(TEST_SRC:tests/unit/%.c=$(B)/tests/%)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
REPLAYS  := $(FUZZ_SRC:tests/fuzz/%.c=$(B)/tests/replay_%)

# The installed API (under $(INCLUDEDIR)/xproj/, same layout): the umbrella
# xproj.h and what it includes, nothing else.  Every other header is
# internal (correct/store.h needs sqlite3.h, eval/metrics.h is eval's own,
# ...) and may change at will; tests/cli/install.sh checks that this list is
# closed under #include and needs no dependency's header.
PUBLIC_HEADERS := xproj.h \
	base/version.h base/error.h base/mem.h base/buf.h base/text.h base/vocab.h base/file.h base/outputs.h base/icu.h \
	model/corpus.h model/tokenize.h model/script.h model/mtype.h \
	io/read.h io/conll.h io/jsonl.h io/conllu.h io/mmax2.h io/transcript.h io/subs.h io/asides.h io/charset.h io/opus.h \
	io/archive.h io/epmap.h io/aligned.h io/bitext.h io/walign.h io/report.h \
	eval/score.h eval/chars.h eval/aer.h \
	align/norm.h align/ualign.h align/episode.h align/batch.h align/pair.h align/sym.h align/wordalign.h \
	project/project.h project/confidence.h lang/spans.h lang/script.h \
	correct/db.h correct/review.h \
	pipeline/pipeline.h serve/serve.h

.PHONY: all check check-valgrind check-browser check-data check-cluster bench bench-docs demo docs lang-doc fuzz lint install uninstall clean help man FORCE
all: $(B)/xproj $(B)/libxproj.a $(B)/$(SONAME) $(B)/xproj.1

# objects are rebuilt when the flags change (a build from before -fPIC
# cannot make the shared library)
$(B)/cflags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(CC) $(CFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS)' > $@
FORCE:

$(B)/obj/%.o: %.c $(B)/cflags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The compiled-in JSON files as C strings, each pack's: its confidence model
# (lang/calib/CODE.json as xp_calib_CODE_json: lang/lang.h, confidence.h)
# and its table of mention ends (lang/ends/CODE.json as xp_ends_CODE_json:
# lang/lang.h mention_ends, project/lexicon.h).
$(B)/gen/ends_%.c: lang/ends/%.json
	@mkdir -p $(dir $@)
	{ echo '/* generated by the Makefile from $< */'; \
	  echo 'const char xp_ends_$*_json[] ='; \
	  sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $<; echo ';'; } > $@.tmp && mv $@.tmp $@
$(B)/gen/calib_%.c: lang/calib/%.json
	@mkdir -p $(dir $@)
	{ echo '/* generated by the Makefile from $< */'; \
	  echo 'const char xp_calib_$*_json[] ='; \
	  sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $<; echo ';'; } > $@.tmp && mv $@.tmp $@
$(CALIB:%=$(B)/obj/gen/%.o): $(B)/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/embed: serve/assets/embed.c
	@mkdir -p $(dir $@)
	$(CC) -std=c17 -O1 -Wall -Wextra -Werror -o $@ $<

$(B)/gen/assets.c: $(B)/embed $(ASSETS)
	@mkdir -p $(dir $@)
	$(B)/embed $(ASSETS) > $@.tmp && mv $@.tmp $@

$(B)/obj/gen/assets.o: $(B)/gen/assets.c serve/assets.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/libxproj.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# The shared library exports the names the public headers declare, and no
# other (the objects' other names, xp_ ones too, are the library's own:
# scripts/public-symbols, tests/cli/symbols.sh); libxproj.so.MAJOR is its
# soname.
$(B)/$(SONAME): $(LIB_OBJ) $(B)/libxproj.map
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--version-script,$(B)/libxproj.map -o $@ $(LIB_OBJ) $(LDLIBS)
	ln -sf $(SONAME) $(B)/libxproj.so

$(B)/libxproj.map: scripts/public-symbols $(PUBLIC_HEADERS)
	@mkdir -p $(dir $@)
	{ echo '{'; echo '  global:'; sh scripts/public-symbols $(PUBLIC_HEADERS) | sed 's/.*/    &;/'; \
	  echo '  local: *;'; echo '};'; } > $@.tmp && mv $@.tmp $@

# pkg-config's file, written by install for its PREFIX: the dependencies
# only for static linking and for their headers' flags (no public header
# includes them, but a program reading review.h's JSON results uses jansson)
PC_LINES := 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	'Name: xproj' 'Description: cross-lingual coreference annotation projection' 'Version: $(VERSION)' \
	'Requires.private: $(PKGS)' 'Libs: -L$${libdir} -lxproj' 'Libs.private: -lm -lpthread' \
	'Cflags: -I$${includedir}'

$(B)/xproj: $(TOOL_OBJ) $(B)/libxproj.a
	$(CC) $(LDFLAGS) -o $@ $(TOOL_OBJ) $(B)/libxproj.a $(LDLIBS)

$(B)/xproj.1: $(B)/xproj
	$(B)/xproj --man > $@.tmp && mv $@.tmp $@
man: $(B)/xproj.1

$(B)/tests/test_%: tests/unit/test_%.c $(wildcard tests/unit/*.h tests/*.h) $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) $(LDFLAGS) -o $@ $< \
		$(B)/libxproj.a $(LDLIBS) $(shell pkg-config --libs cmocka)

# test_packfeat runs `xproj calibrate` and `xproj judge` in its own process
# (a pack registered at run time): it links the commands' objects
PACKFEAT_OBJ := $(filter-out $(B)/obj/tools/xproj.o,$(TOOL_OBJ))
$(B)/tests/test_packfeat: $(PACKFEAT_OBJ)
$(B)/tests/test_packfeat: LDFLAGS += $(PACKFEAT_OBJ)

# test_errors refuses allocations on purpose: malloc, calloc and realloc
# of the library go through its wrappers (and free, which counts the
# blocks a call leaves behind)
$(B)/tests/test_errors: LDFLAGS += -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

# Each fuzz target also links against a small driver that replays its seed
# corpus, so `make check` (and SAN=1) runs every target without clang.
$(B)/tests/replay_%: tests/fuzz/%.c tests/fuzz/replay.c $(wildcard tests/*.h) $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/replay.c $(B)/libxproj.a $(LDLIBS)

# LINT=yes: the static analysis (scripts/lint, below) as one more suite,
# beside the others (failing without cppcheck; LINT=auto skips it then,
# said on the last line).  Not by default: in a slot of its own it cost
# make check more than it saved CI (docs/testing.md, CI); not under SAN=1.
check: all $(TESTS) $(REPLAYS)
	@XPROJ=$(B)/xproj BUILD=$(B) $(SLOWDOWN) \
	  $(if $(and $(filter yes auto,$(LINT)),$(if $(SANFLAGS),,y)),LINT_SRC='$(LIB_SRC) $(TOOL_SRC)' LINT_CFLAGS='$(LINT_CFLAGS)') \
	  sh tests/run $(TESTS) -- $(REPLAYS)

# every test again under valgrind (slow: VG_TESTS="unit replays crash"
# names the ones to run; tests/valgrind.sh says how a finding is told)
check-valgrind: all $(TESTS) $(REPLAYS)
	@XPROJ=$(B)/xproj BUILD=$(B) sh tests/valgrind.sh $(VG_TESTS)

check-browser: $(B)/xproj
	@XPROJ=$(B)/xproj BUILD=$(B) sh tests/browser/run.sh

$(B)/tests/scorer_cases: tests/data/scorer_cases.c $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libxproj.a $(LDLIBS)

check-data: $(B)/xproj $(B)/tests/scorer_cases
	@XPROJ=$(B)/xproj BUILD=$(B) DATA=$(DATA) sh tests/data/run

# the workflow through its Slurm profile on a single-node Slurm started
# here (needs slurm-wlm and munge: CLUSTER=1 scripts/install-deps)
check-cluster: $(B)/xproj
	@XPROJ=$(B)/xproj sh tests/cluster/workflow.sh

BENCH_SRC := $(wildcard bench/*.c)
BENCHES   := $(BENCH_SRC:bench/%.c=$(B)/bench/%)
$(B)/bench/%: bench/%.c $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libxproj.a $(LDLIBS)

bench: $(B)/xproj $(BENCHES)
	@XPROJ=$(B)/xproj BUILD=$(B) DATA=$(DATA) sh bench/run

# the generated tables of docs/benchmarks.md, README.md and docs/ (bench/tables.spec),
# from bench/results/*.json
bench-docs:
	python3 scripts/bench-tables docs/benchmarks.md

# docs/languages.md's rule tables, from the packs (tests/cli/langdoc.sh)
lang-doc: $(B)/xproj
	sh scripts/lang-doc $(B)/xproj

demo: $(B)/xproj
	@XPROJ=$(B)/xproj sh tools/sample/demo

# each command's page ends with its --help (tests/cli/docs_help.sh checks it)
docs: $(B)/xproj
	@XPROJ=$(B)/xproj sh scripts/docs-help

# -fno-sanitize-recover: undefined behaviour stops the run like a crash, so
# libFuzzer keeps the input (crash-*); a find is fixed and the input kept as
# a seed in tests/fixtures/KIND/, which `make check` replays from then on.
# FUZZ_TARGETS=fuzz_mmc (names) runs only those; tests/fuzz/NAME.dict, if
# there is one, is the target's dictionary (libFuzzer -dict).
FUZZ_CFLAGS := -std=c17 -g -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I. $(PKG_CFLAGS) \
	       -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -MMD -MP
FUZZ_TARGETS ?= $(FUZZ_SRC:tests/fuzz/%.c=%)
# the library is compiled for fuzzing once, then linked into each target
FUZZ_OBJ := $(LIB_SRC:%.c=build/fuzz/obj/%.o) build/fuzz/obj/gen/assets.o $(CALIB:%=build/fuzz/obj/gen/%.o)
build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -c $< -o $@
build/fuzz/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -c $< -o $@
build/fuzz/libxproj.a: $(FUZZ_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/*.h) build/fuzz/libxproj.a
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< build/fuzz/libxproj.a $(PKG_LIBS) -lm -lpthread
fuzz: $(FUZZ_TARGETS:%=build/fuzz/%)
	@for n in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/corpus-$$n; \
	  dict=; [ -e tests/fuzz/$$n.dict ] && dict=-dict=tests/fuzz/$$n.dict; \
	  build/fuzz/$$n -max_total_time=$(FUZZ_SECONDS) -max_len=8192 $$dict \
	    build/fuzz/corpus-$$n tests/fixtures/$${n#fuzz_} || exit 1; \
	done

# Static analysis of the library and the tools (scripts/lint: gcc
# -fanalyzer with the build's flags, cppcheck), LINT_JOBS files at a time.
# It fails on a finding that scripts/lint.known does not list as a triaged
# false positive.  CI runs it after make check (.ci/run); `make check
# LINT=yes` runs it as one of the suites.
LINT_CFLAGS = $(filter-out -Werror -MMD -MP,$(CFLAGS))
lint:
	@B=$(B) LINT_CFLAGS='$(LINT_CFLAGS)' sh scripts/lint $(LIB_SRC) $(TOOL_SRC)

# DESTDIR stages the tree elsewhere (packaging, the test in install.sh);
# PREFIX (or BINDIR, LIBDIR, INCLUDEDIR, MANDIR) is where it will live.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(B)/xproj $(DESTDIR)$(BINDIR)/xproj
	install -m 644 $(B)/libxproj.a $(DESTDIR)$(LIBDIR)/libxproj.a
	install -m 755 $(B)/$(SONAME) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libxproj.so
	printf '%s\n' $(PC_LINES) > $(DESTDIR)$(LIBDIR)/pkgconfig/xproj.pc
	install -m 644 $(B)/xproj.1 $(DESTDIR)$(MANDIR)/man1/xproj.1
	for h in $(PUBLIC_HEADERS); do \
	  install -d $(DESTDIR)$(INCLUDEDIR)/xproj/$$(dirname $$h) && \
	  install -m 644 $$h $(DESTDIR)$(INCLUDEDIR)/xproj/$$h || exit 1; \
	done
	@# installed for real (no DESTDIR) as root: the dynamic linker's cache
	@# learns libxproj.so.0 (/usr/local/lib is searched through it only)
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi

# Removes what install put there (and the directories it made, when empty).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/xproj $(DESTDIR)$(LIBDIR)/libxproj.a $(DESTDIR)$(LIBDIR)/$(SONAME) \
	  $(DESTDIR)$(LIBDIR)/libxproj.so $(DESTDIR)$(LIBDIR)/pkgconfig/xproj.pc $(DESTDIR)$(MANDIR)/man1/xproj.1
	for h in $(PUBLIC_HEADERS); do rm -f $(DESTDIR)$(INCLUDEDIR)/xproj/$$h; done
	for d in $(sort $(dir $(PUBLIC_HEADERS))); do \
	  rmdir $(DESTDIR)$(INCLUDEDIR)/xproj/$$d 2>/dev/null || true; done
	rmdir $(DESTDIR)$(INCLUDEDIR)/xproj $(DESTDIR)$(LIBDIR)/pkgconfig 2>/dev/null || true

clean:
	rm -rf build

help:
	@sed -n '2,14p' Makefile

-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d) $(wildcard build/fuzz/obj/*/*.d)
