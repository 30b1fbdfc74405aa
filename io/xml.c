/* io/xml.c — how every XML document is parsed; see xml.h. */
#include "xml.h"

#include <libxml/hash.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Not XML_PARSE_HUGE (it lifts the entity expansion limit), not
 * XML_PARSE_NOENT or XML_PARSE_DTDLOAD (external entities and DTDs stay
 * unread), no network.  NOERROR/NOWARNING keep libxml2 from printing: its
 * first error comes back through on_error instead. */
#define XP_XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES)

static void on_error(void *arg, xmlErrorPtr e)
{
	xp_xml *x = arg;
	if (x->why[0] || !e || !e->message || e->level < XML_ERR_ERROR)
		return;
	/* the message may quote the document (an entity's name): one line,
	 * printable, so it cannot forge another message */
	size_t k = 0;
	for (const char *p = e->message; *p && k + 1 < sizeof x->why; p++)
		x->why[k++] = (unsigned char)*p < 0x20 || *p == 0x7f ? ' ' : *p;
	while (k && x->why[k - 1] == ' ')
		k--;
	x->why[k] = '\0';
}

static int opened(xp_xml *x, const char *name, xmlTextReaderPtr r, xp_err *err)
{
	x->r = r;
	if (!r)
		return xp_failc(err, XP_ENOMEM, name, 0, "cannot read XML: out of memory");
	xmlTextReaderSetStructuredErrorHandler(r, on_error, x);
	return 0;
}

int xp_xml_open_mem(xp_xml *x, const char *name, const char *buf, size_t len, xp_err *err)
{
	memset(x, 0, sizeof *x);
	x->name = name;
	if (len > INT_MAX)
		return xp_failc(err, XP_EINPUT, name, 0, "too large for an XML document (%zu bytes)", len);
	return opened(x, name, xmlReaderForMemory(buf, (int)len, name, NULL, XP_XML_OPTIONS), err);
}

static int no_close(void *ctx)
{
	(void)ctx;
	return 0;
}

int xp_xml_open_io(xp_xml *x, const char *name, xmlInputReadCallback rd, void *ctx, xp_err *err)
{
	memset(x, 0, sizeof *x);
	x->name = name;
	return opened(x, name, xmlReaderForIO(rd, no_close, ctx, name, NULL, XP_XML_OPTIONS), err);
}

unsigned long xp_xml_line(const xp_xml *x)
{
	int l = x->r ? xmlTextReaderGetParserLineNumber(x->r) : 0;
	return l > 0 ? (unsigned long)l : 0;
}

/* After xmlTextReaderRead returned -1: XP_EINPUT at the parser's line, with
 * libxml2's reason. */
static int xml_fail(xp_xml *x, xp_err *err)
{
	/* the parser's line, not the error's: inside an entity libxml2 counts
	 * the entity's own lines */
	unsigned long line = xp_xml_line(x);
	if (x->why[0])
		return xp_failc(err, XP_EINPUT, x->name, line, "malformed XML: %s", x->why);
	return xp_failc(err, XP_EINPUT, x->name, line, "malformed XML");
}

unsigned long xp_xml_node_line(xmlTextReaderPtr r)
{
	xmlNodePtr n = xmlTextReaderCurrentNode(r);
	long l = n ? xmlGetLineNo(n) : -1;
	int p = l > 0 ? 0 : xmlTextReaderGetParserLineNumber(r);
	return l > 0 ? (unsigned long)l : p > 0 ? (unsigned long)p : 0;
}

int xp_xml_next(xp_xml *x, xp_err *err)
{
	int rc = xmlTextReaderRead(x->r);
	if (rc < 0)
		return xml_fail(x, err);
	if (rc == 0)
		return 0;
	int t = xmlTextReaderNodeType(x->r);
	if (t == XML_READER_TYPE_DOCUMENT_TYPE) {
		xmlNodePtr n = xmlTextReaderCurrentNode(x->r);
		xmlDtdPtr dtd = n && n->type == XML_DTD_NODE ? (xmlDtdPtr)n : NULL;
		int ents = dtd && dtd->entities ? xmlHashSize(dtd->entities) : 0;
		if (ents > 0)
			return xp_failc(err, XP_EINPUT, x->name, xp_xml_node_line(x->r),
					"declares XML entities (%d) in its DOCTYPE: refused (no format read here uses "
					"them, and expanding them is how a small file asks for gigabytes)", ents);
	} else if (t == XML_READER_TYPE_ENTITY_REFERENCE) {
		return xp_failc(err, XP_EINPUT, x->name, xp_xml_node_line(x->r),
				"an entity reference (&...;) to an entity that is not read: refused rather than "
				"dropped with its text");
	}
	return 1;
}

void xp_xml_close(xp_xml *x)
{
	if (x->r)
		xmlFreeTextReader(x->r);
	x->r = NULL;
}

xmlDocPtr xp_xml_doc_mem(const char *name, const char *buf, size_t len, xp_err *err)
{
	if (len > INT_MAX) {
		xp_failc(err, XP_EINPUT, name, 0, "too large for an XML document (%zu bytes)", len);
		return NULL;
	}
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	if (!ctxt) {
		xp_failc(err, XP_ENOMEM, name, 0, "cannot read XML: out of memory");
		return NULL;
	}
	xp_xml x = {.name = name};
	xmlCtxtResetLastError(ctxt);
	xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buf ? buf : "", (int)len, name, NULL, XP_XML_OPTIONS);
	const xmlError *e = xmlCtxtGetLastError(ctxt);
	if (e && e->level >= XML_ERR_ERROR)
		on_error(&x, (xmlErrorPtr)e);
	unsigned long line = e && e->line > 0 ? (unsigned long)e->line : 0;
	int wf = ctxt->wellFormed;
	xmlFreeParserCtxt(ctxt);
	if (!doc || !wf) {
		if (doc)
			xmlFreeDoc(doc);
		xp_failc(err, XP_EINPUT, name, line, "malformed XML%s%s", x.why[0] ? ": " : "", x.why);
		return NULL;
	}
	int ents = doc->intSubset && doc->intSubset->entities ? xmlHashSize(doc->intSubset->entities) : 0;
	if (ents > 0) {
		xmlFreeDoc(doc);
		xp_failc(err, XP_EINPUT, name, 0,
			 "declares XML entities (%d) in its DOCTYPE: refused (no format read here uses them, and "
			 "expanding them is how a small file asks for gigabytes)", ents);
		return NULL;
	}
	return doc;
}
