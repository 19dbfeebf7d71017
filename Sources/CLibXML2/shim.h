#ifndef FSMVIZ_CLIBXML2_SHIM_H
#define FSMVIZ_CLIBXML2_SHIM_H
/* libxml2's streaming reader, the only part of libxml2 fsmviz uses (FSMInterop's LibXML2 type).
 * The include path comes from pkg-config's libxml-2.0 (Debian libxml2-dev, Homebrew libxml2). */
#include <libxml/xmlversion.h>
/* A libxml2 built with ICU (Debian's) includes the system ICU's headers, whose UErrorCode
 * clashes with the one Foundation's own ICU (_FoundationICU) declares in the same Swift
 * module. Without the macro only xmlCharEncodingHandler, which fsmviz never touches (the
 * reader reads UTF-8 and is used through pointers), loses its ICU converter fields. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#endif
