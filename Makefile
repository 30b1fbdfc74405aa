# xproj — build, test, install.  `make` builds build/xproj and build/libxproj.a.
#
#   make              build            make check        unit + end-to-end tests
#   make check SAN=1  tests under ASan+UBSan (objects in build/san)
#   make check-browser  the workbench in headless Chromium (screenshots in build/browser)
#   make check-data   real-data checks (needs ../shared/data)
#   make bench        benchmarks (needs ../shared/data)
#   make demo         the pipeline on the bundled sample
#   make fuzz         run every libFuzzer target for FUZZ_SECONDS each (clang)
#   make install PREFIX=/usr/local

PREFIX  ?= /usr/local
DATA    ?= ../shared/data
FUZZ_SECONDS ?= 30
CC      ?= cc
VERSION := 0.1

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

NODEPS_GOALS := clean help
ifeq ($(filter-out $(NODEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
else
  ifeq ($(shell command -v pkg-config),)
    $(error pkg-config is missing: run  sudo apt-get install -y pkg-config  (or scripts/install-deps))
  endif
  missing = $(foreach p,$(PKGS) cmocka,$(if $(shell pkg-config --exists $(p) && echo y),,$(p)))
  # On a fresh machine where we may install (root or passwordless sudo), the
  # README's two commands are all the set-up: install what is missing once.
  ifneq ($(strip $(missing)),)
    ifeq ($(shell [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null && echo y),y)
      $(info xproj: installing missing build dependencies: $(sort $(foreach p,$(missing),$(deb_$(p)))))
      $(shell scripts/install-deps >&2)
    endif
  endif
  still = $(foreach p,$(PKGS),$(if $(shell pkg-config --exists $(p) && echo y),,$(p)))
  ifneq ($(strip $(still)),)
    $(error missing libraries: $(still).  Run:  sudo apt-get install -y $(sort $(foreach p,$(still),$(deb_$(p)))))
  endif
endif

ifeq ($(SAN),1)
  B        := build/san
  SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
  OPT      := -O1 -g
else
  B        := build
  SANFLAGS :=
  OPT      := -O2 -g
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS  ?= $(OPT)
CFLAGS  += -std=c17 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -DXP_VERSION='"$(VERSION)"' \
           -I. $(PKG_CFLAGS) $(SANFLAGS) -MMD -MP
LDLIBS  += $(PKG_LIBS) -lm -lpthread
LDFLAGS += $(SANFLAGS)

MODULES  := base model io eval align project correct pipeline serve
LIB_SRC  := $(foreach m,$(MODULES),$(wildcard $(m)/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/assets.o
# the workbench's page, compiled in (serve/assets.h)
ASSETS   := $(sort $(wildcard serve/assets/*.html serve/assets/*.css serve/assets/*.js serve/assets/*.svg))
TOOL_SRC := $(wildcard tools/*.c)
TOOL_OBJ := $(TOOL_SRC:%.c=$(B)/obj/%.o)
TEST_SRC := $(wildcard tests/unit/test_*.c)
TESTS    := $(TEST_SRC:tests/unit/%.c=$(B)/tests/%)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
REPLAYS  := $(FUZZ_SRC:tests/fuzz/%.c=$(B)/tests/replay_%)

.PHONY: all check check-browser check-data bench demo fuzz install clean help man
all: $(B)/xproj $(B)/libxproj.a $(B)/xproj.1

$(B)/obj/%.o: %.c
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

$(B)/xproj: $(TOOL_OBJ) $(B)/libxproj.a
	$(CC) $(LDFLAGS) -o $@ $(TOOL_OBJ) $(B)/libxproj.a $(LDLIBS)

$(B)/xproj.1: $(B)/xproj
	$(B)/xproj --man > $@.tmp && mv $@.tmp $@
man: $(B)/xproj.1

$(B)/tests/test_%: tests/unit/test_%.c $(wildcard tests/unit/*.h tests/*.h) $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) $(LDFLAGS) -o $@ $< \
		$(B)/libxproj.a $(LDLIBS) $(shell pkg-config --libs cmocka)

# Each fuzz target also links against a small driver that replays its seed
# corpus, so `make check` (and SAN=1) runs every target without clang.
$(B)/tests/replay_%: tests/fuzz/%.c tests/fuzz/replay.c $(wildcard tests/*.h) $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/replay.c $(B)/libxproj.a $(LDLIBS)

check: $(B)/xproj $(TESTS) $(REPLAYS)
	@XPROJ=$(B)/xproj BUILD=$(B) sh tests/run $(TESTS) -- $(REPLAYS)

check-browser: $(B)/xproj
	@XPROJ=$(B)/xproj BUILD=$(B) sh tests/browser/run.sh

$(B)/tests/scorer_cases: tests/data/scorer_cases.c $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libxproj.a $(LDLIBS)

check-data: $(B)/xproj $(B)/tests/scorer_cases
	@XPROJ=$(B)/xproj BUILD=$(B) DATA=$(DATA) sh tests/data/run

BENCH_SRC := $(wildcard bench/*.c)
BENCHES   := $(BENCH_SRC:bench/%.c=$(B)/bench/%)
$(B)/bench/%: bench/%.c $(B)/libxproj.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libxproj.a $(LDLIBS)

bench: $(B)/xproj $(BENCHES)
	@XPROJ=$(B)/xproj BUILD=$(B) DATA=$(DATA) sh bench/run

demo: $(B)/xproj
	@XPROJ=$(B)/xproj sh tools/sample/demo

# -fno-sanitize-recover: undefined behaviour stops the run like a crash, so
# libFuzzer keeps the input (crash-*); a find is fixed and the input kept as
# a seed in tests/fixtures/KIND/, which `make check` replays from then on.
# FUZZ_TARGETS=fuzz_mmc (names) runs only those.
FUZZ_CFLAGS := -std=c17 -g -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I. $(PKG_CFLAGS) \
	       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS ?= $(FUZZ_SRC:tests/fuzz/%.c=%)
fuzz: $(B)/gen/assets.c
	@mkdir -p build/fuzz
	@for n in $(FUZZ_TARGETS); do f=tests/fuzz/$$n.c; \
	  clang $(FUZZ_CFLAGS) -o build/fuzz/$$n $$f $(LIB_SRC) $(B)/gen/assets.c $(PKG_LIBS) -lm -lpthread || exit 1; \
	  mkdir -p build/fuzz/corpus-$$n; \
	  build/fuzz/$$n -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	    build/fuzz/corpus-$$n tests/fixtures/$${n#fuzz_} || exit 1; \
	done

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(B)/xproj $(DESTDIR)$(PREFIX)/bin/xproj
	install -m 644 $(B)/libxproj.a $(DESTDIR)$(PREFIX)/lib/libxproj.a
	install -m 644 $(B)/xproj.1 $(DESTDIR)$(PREFIX)/share/man/man1/xproj.1
	for m in $(MODULES); do \
	  h=$$(ls $$m/*.h 2>/dev/null); [ -z "$$h" ] && continue; \
	  install -d $(DESTDIR)$(PREFIX)/include/xproj/$$m; \
	  install -m 644 $$h $(DESTDIR)$(PREFIX)/include/xproj/$$m/; \
	done

clean:
	rm -rf build

help:
	@sed -n '2,11p' Makefile

-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d)
