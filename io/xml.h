/*
 * io/xml.h — every XML document the project reads is opened here (internal:
 * not installed).
 *
 * OPUS corpus XML, XCES alignments, TV4Dialog transcripts and MMAX2 corpora
 * come from the web; a file that declares entities can ask for gigabytes ("billion
 * laughs": ten references to ten references ... to "ha").  libxml2 guards
 * against that by default (an entity reference loop or an expansion out of
 * proportion to the input is a fatal error), and XML_PARSE_HUGE lifts the
 * guard, which let one 2 KB file run for 15 minutes.  So one place says how
 * a document is parsed: without XML_PARSE_HUGE, without the network
 * (XML_PARSE_NONET), without loading an external DTD or substituting
 * entities (neither XML_PARSE_DTDLOAD nor XML_PARSE_NOENT), with line
 * numbers past 65535 kept (XML_PARSE_BIG_LINES).  The reader is libxml2's
 * streaming xmlTextReader; whatever libxml2 refuses is reported with the
 * file, the line and libxml2's own reason ("Detected an entity reference
 * loop"), rather than as a bare "malformed XML".
 *
 * libxml2's guard is not enough alone: an attribute holding 20,000
 * references to one 20 KB entity passes it, and asking the reader for that
 * attribute's value builds 400 MB by repeated concatenation (minutes).  No
 * format read here declares entities, so a document whose DOCTYPE declares
 * any is refused when the reader reaches it, before any element, and an
 * entity reference (to an entity of an external DTD, never read) is refused
 * rather than dropped with its text.
 */
#ifndef XP_XML_H
#define XP_XML_H

#include "../base/error.h"

#include <libxml/xmlreader.h>
#include <stddef.h>

typedef struct xp_xml {
	xmlTextReaderPtr r;
	const char *name;        /* the file, for messages (not copied) */
	char why[200];           /* libxml2's first error, "" when none */
} xp_xml;

/* A reader over buf[0..len) (x must stay where it is until xp_xml_close:
 * libxml2 reports errors to it). */
int xp_xml_open_mem(xp_xml *x, const char *name, const char *buf, size_t len, xp_err *err);
/* A reader over what rd(ctx, buf, len) gives (libxml2's xmlInputReadCallback). */
int xp_xml_open_io(xp_xml *x, const char *name, xmlInputReadCallback rd, void *ctx, xp_err *err);
/* The next node (xmlTextReaderRead): 1, 0 at the end, or XP_EINPUT with
 * the line and the reason (libxml2's; a DOCTYPE that declares entities; an
 * entity reference). */
int xp_xml_next(xp_xml *x, xp_err *err);
/* The line the parser has reached (it reads ahead of the current node). */
unsigned long xp_xml_line(const xp_xml *x);
/* The current node's own line (else the parser's). */
unsigned long xp_xml_node_line(xmlTextReaderPtr r);
void xp_xml_close(xp_xml *x);

/* The same rules for a document read whole as a tree (MMAX2's files,
 * io/mmax2.c): the document, or NULL with err filled (XP_EINPUT with
 * libxml2's reason at its line, a DOCTYPE that declares entities; XP_ENOMEM).
 * Free it with xmlFreeDoc. */
xmlDocPtr xp_xml_doc_mem(const char *name, const char *buf, size_t len, xp_err *err);

#endif
