build2/obj/align/anchors.o: align/anchors.c align/ualign.h align/norm.h \
 align/../base/mem.h
align/ualign.h:
align/norm.h:
align/../base/mem.h:
