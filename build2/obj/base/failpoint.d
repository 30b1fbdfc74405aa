build2/obj/base/failpoint.o: base/failpoint.c base/failpoint.h
base/failpoint.h:
