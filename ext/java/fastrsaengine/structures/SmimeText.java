package fastrsaengine.structures;

import java.util.Arrays;

/**
 * Content read as text, PKCS7::TEXT's way: OpenSSL's SMIME_text (crypto/asn1/asn_mime.c) reads
 * MIME headers up to the first blank line and hands on what follows, where the first Content-Type
 * header says text/plain; stock's own SMIME text is an empty stub that hands on nothing and never
 * refuses. The headers are read as OpenSSL's mime_parse_hdr reads them, quirks included, as a
 * differential spec against MRI checks: lines as BIO_gets cuts them (1,023 bytes at most, a NUL
 * ending the line's text), a line starting with white space continuing the header before it, a
 * value ending at ';' unless inside a comment '(...)', quotes stripped at each end.
 */
public final class SmimeText {
    /** BIO_gets's buffer, MAX_SMLEN: a line is cut after one byte less. */
    private static final int LINE = 1024;

    /** What is read: the text after the headers, or OpenSSL's reason for refusing it. */
    public static final class Read {
        public final byte[] text;
        public final String refusal;

        private Read(byte[] text, String refusal) {
            this.text = text;
            this.refusal = refusal;
        }
    }

    private SmimeText() {
    }

    /** The text of content (length bytes from offset) whose headers say text/plain; else OpenSSL's reason (no text). */
    public static Read of(byte[] content, int offset, int length) {
        Headers headers = new Headers(content, offset, offset + length);
        String type = headers.contentType();
        if (type == null) return new Read(null, "mime no content type");
        if (!type.equals("text/plain")) return new Read(null, "invalid mime type");
        return new Read(Arrays.copyOfRange(content, headers.end, offset + length), null);
    }

    /** The headers' reading: the first Content-Type value found (lowercased; null: none, or none read), and where the headers end. */
    private static final class Headers {
        private static final int START = 1, TYPE = 2, NAME = 3, VALUE = 4, QUOTE = 5, COMMENT = 6;

        private final byte[] content;
        private final int limit;
        private int end;
        private String contentType;
        private boolean contentTypeFound;
        private boolean anyHeader;

        Headers(byte[] content, int start, int limit) {
            this.content = content;
            this.limit = limit;
            this.end = start;
            while (end < limit) {
                int length = lineLength(end);
                boolean blank = readLine(Arrays.copyOfRange(content, end, end + length));
                end += length;
                if (blank) break;
            }
        }

        String contentType() {
            return contentType;
        }

        /** BIO_gets's cut: through the first newline, or LINE - 1 bytes, or the rest. */
        private int lineLength(int from) {
            int most = Math.min(LINE - 1, limit - from);
            for (int i = 0; i < most; i++) if (content[from + i] == '\n') return i + 1;
            return most;
        }

        /** One line through mime_parse_hdr's states; whether it is the blank line ending the headers. */
        private boolean readLine(byte[] bytes) {
            char[] line = cString(bytes);
            int state = anyHeader && line.length > 0 && isSpace(line[0]) ? NAME : START;
            int saved = 0, q = 0, p = 0;
            String name = null;
            for (; p < line.length && line[p] != '\r' && line[p] != '\n'; p++) {
                char c = line[p];
                switch (state) {
                    case START:
                        if (c == ':') {
                            state = TYPE;
                            name = stripEnds(line, q, p);
                            q = p + 1;
                        }
                        break;
                    case TYPE:
                        if (c == ';') {
                            header(name, stripEnds(line, q, p));
                            q = p + 1;
                            state = NAME;
                        } else if (c == '(') {
                            saved = state;
                            state = COMMENT;
                        }
                        break;
                    case COMMENT:
                        if (c == ')') state = saved;
                        break;
                    case NAME:
                        if (c == '=') {
                            state = VALUE;
                            q = p + 1;
                        }
                        break;
                    case VALUE:
                        if (c == ';') {
                            state = NAME;
                            q = p + 1;
                        } else if (c == '"') {
                            state = QUOTE;
                        } else if (c == '(') {
                            saved = state;
                            state = COMMENT;
                        }
                        break;
                    default: // QUOTE
                        if (c == '"') state = VALUE;
                        break;
                }
            }
            if (state == TYPE) header(name, stripEnds(line, q, line.length)); // the value runs to the line's NUL, past any '\r'
            return p == 0;
        }

        /** A header read: only the first named content-type counts, as mime_hdr_find finds it among headers sorted by name. */
        private void header(String name, String value) {
            anyHeader = true;
            if (contentTypeFound || name == null || !lowercase(name).equals("content-type")) return;
            contentTypeFound = true;
            contentType = value == null ? null : lowercase(value);
        }

        /** The line's bytes up to its first NUL, as the C string mime_parse_hdr reads. */
        private static char[] cString(byte[] bytes) {
            int length = 0;
            while (length < bytes.length && bytes[length] != 0) length++;
            char[] line = new char[length];
            for (int i = 0; i < length; i++) line[i] = (char) (bytes[i] & 0xff);
            return line;
        }

        /**
         * strip_ends of line[from, to): white space off the start, a leading quote dropped (nothing
         * after it: none), then white space off the end and a trailing quote dropped (a quote as the
         * second character of what is left: none). Null for none.
         */
        private static String stripEnds(char[] line, int from, int to) {
            int start = from;
            while (start < to && isSpace(line[start]) && line[start] != '"') start++;
            if (start == to) return null;
            if (line[start] == '"') {
                if (start + 1 == to) return null;
                start++;
            }
            for (int last = to - 1; last >= start; last--) {
                char c = line[last];
                if (c == '"') return last - 1 == start ? null : new String(line, start, last - start);
                if (!isSpace(c)) return new String(line, start, last + 1 - start);
            }
            return null;
        }

        /** ossl_isspace: space, \t, \n, \v, \f, \r. */
        private static boolean isSpace(char c) {
            return c == ' ' || c >= '\t' && c <= '\r';
        }

        /** ossl_tolower: ASCII letters only. */
        private static String lowercase(String text) {
            char[] chars = text.toCharArray();
            for (int i = 0; i < chars.length; i++) if (chars[i] >= 'A' && chars[i] <= 'Z') chars[i] += 'a' - 'A';
            return new String(chars);
        }
    }
}
