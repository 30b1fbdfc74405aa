build2/obj/base/outputs.o: base/outputs.c base/outputs.h base/error.h \
 base/failpoint.h base/file.h base/mem.h
base/outputs.h:
base/error.h:
base/failpoint.h:
base/file.h:
base/mem.h:
