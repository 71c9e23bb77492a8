package org.f2fsobs.bench.tool.dd;

import static org.f2fsobs.bench.tool.OptionTable.Status.MATCHED;
import static org.f2fsobs.bench.tool.OptionTable.Status.MODELLED;
import static org.f2fsobs.bench.tool.OptionTable.Status.REFUSED;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.tool.OptionTable;

/**
 * dd's operands and symbols as {@link DdParser} treats them, per dialect: GNU coreutils 9.1 dd.c (conversions[],
 * flags[], statuses[]; a flag whose value is 0 on Linux — binary, text, cio, nolinks — is rejected by dd itself as
 * invalid) and the toybox dd of Android (2020, with the flags added since).
 */
public final class DdOptions implements OptionTable {
    /** One symbol of conv=, iflag=, oflag= or status=, with its status and meaning. */
    record Sym(OptionTable.Status status, String meaning) {}

    static final Map<String, Sym> GNU_CONV = table(
            "fsync", MODELLED, "fsync(2) of the output before dd finishes, timed",
            "fdatasync", MODELLED, "fdatasync(2) of the output before dd finishes, timed",
            "notrunc", MODELLED, "the output is not truncated (at 0, or at seek=)",
            "noerror", MATCHED, "reads never fail in the model",
            "sync", REFUSED, "pads short input blocks with NULs: changes what is written",
            "excl", REFUSED, "O_EXCL creation is not modelled",
            "nocreat", REFUSED, "failing on a missing output is not modelled",
            "sparse", REFUSED, "seeking over NUL output blocks (holes) is not modelled",
            "ascii|ebcdic|ibm|block|unblock|lcase|ucase|swab", REFUSED, "byte conversions are not modelled");
    static final Map<String, Sym> GNU_IFLAG = table(
            "direct", MODELLED, "the input is read with O_DIRECT (no page cache, no readahead)",
            "count_bytes", MODELLED, "count= in bytes",
            "skip_bytes", MODELLED, "skip= in bytes",
            "fullblock", MATCHED, "reads of files and /dev/zero are never short in the model",
            "sync|dsync", MATCHED, "O_SYNC/O_DSYNC change nothing for reads",
            "nonblock|noctty|nofollow", MATCHED, "no effect on the regular files and special files the model has",
            "noatime", MATCHED, "the model keeps no access times",
            "nocache", REFUSED, "posix_fadvise(POSIX_FADV_DONTNEED) is not modelled",
            "directory|append", REFUSED, "not modelled");
    static final Map<String, Sym> GNU_OFLAG = table(
            "sync", MODELLED, "the output is opened O_SYNC: every write waits for its data and the inode",
            "dsync", MODELLED, "the output is opened O_DSYNC",
            "direct", MODELLED, "the output is written with O_DIRECT",
            "seek_bytes", MODELLED, "seek= in bytes",
            "nonblock|noctty|nofollow", MATCHED, "no effect on the regular files and special files the model has",
            "noatime", MATCHED, "the model keeps no access times",
            "append", REFUSED, "O_APPEND changes where the data goes (not modelled)",
            "nocache", REFUSED, "posix_fadvise(POSIX_FADV_DONTNEED) is not modelled",
            "directory", REFUSED, "not modelled");
    static final Map<String, Sym> GNU_STATUS = table(
            "none", MODELLED, "nothing printed",
            "noxfer", MODELLED, "the record lines without the transfer line",
            "progress", MODELLED, "the transfer line once a second of virtual time (\\r-separated, whole seconds), then "
                    + "the final lines");
    static final Map<String, Sym> TOYBOX_CONV = table(
            "fsync", MODELLED, "fsync(2) of the output before dd finishes, timed",
            "notrunc", MODELLED, "the output is not truncated",
            "noerror", MATCHED, "reads never fail in the model",
            "sync", REFUSED, "pads short input blocks with NULs: changes what is written",
            "nocreat", REFUSED, "failing on a missing output is not modelled");
    static final Map<String, Sym> TOYBOX_IFLAG = table(
            "direct", MODELLED, "O_DIRECT input",
            "count_bytes", MODELLED, "count= in bytes",
            "skip_bytes", MODELLED, "skip= in bytes");
    static final Map<String, Sym> TOYBOX_OFLAG = table(
            "direct", MODELLED, "O_DIRECT output",
            "seek_bytes", MODELLED, "seek= in bytes",
            "append", REFUSED, "O_APPEND changes where the data goes (not modelled)");
    static final Map<String, Sym> TOYBOX_STATUS = table(
            "none", MODELLED, "nothing printed",
            "noxfer", MODELLED, "the record lines without the transfer line");

    /** A symbol table from (names, status, meaning) triples; "a|b" lists several names with one meaning. */
    private static Map<String, Sym> table(Object... t) {
        Map<String, Sym> m = new LinkedHashMap<>();
        for (int i = 0; i < t.length; i += 3) {
            for (String name : ((String) t[i]).split("\\|")) m.put(name, new Sym((OptionTable.Status) t[i + 1], (String) t[i + 2]));
        }
        return m;
    }

    @Override
    public String id() {
        return "dd";
    }

    @Override
    public String title() {
        return "dd (GNU coreutils 9.1 and toybox, `--dd-style gnu|toybox` or the profile's userland)";
    }

    @Override
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        out.add(new Row("if=, of=", MODELLED, "/dev/zero, /dev/urandom (a seeded stream), /dev/null, or a file on the volume; "
                + "of=/dev/null or /dev/zero discard"));
        out.add(new Row("bs=, ibs= = obs=", MODELLED, "the block size (ibs ≠ obs without bs= is refused: output blocks are "
                + "not regrouped)"));
        out.add(new Row("count=, skip= (iseek=), seek= (oseek=)", MODELLED, "in blocks; GNU's B suffix means bytes"));
        out.add(new Row("cbs= (GNU)", MATCHED, "used only by the block/unblock/ascii/ebcdic conversions, which are refused"));
        add(out, "conv=", " (GNU)", GNU_CONV);
        add(out, "iflag=", " (GNU)", GNU_IFLAG);
        out.add(new Row("iflag=|oflag=binary|text|cio|nolinks (GNU)", REFUSED, "0 on Linux: GNU dd itself rejects them as "
                + "invalid flags"));
        add(out, "oflag=", " (GNU)", GNU_OFLAG);
        add(out, "status=", " (GNU)", GNU_STATUS);
        add(out, "conv=", " (toybox)", TOYBOX_CONV);
        add(out, "iflag=", " (toybox)", TOYBOX_IFLAG);
        add(out, "oflag=", " (toybox)", TOYBOX_OFLAG);
        add(out, "status=", " (toybox)", TOYBOX_STATUS);
        return out;
    }

    /** One row per distinct meaning, the names sharing it joined with |. */
    private static void add(List<Row> out, String operand, String dialect, Map<String, Sym> t) {
        Map<Sym, List<String>> byMeaning = new LinkedHashMap<>();
        t.forEach((name, sym) -> byMeaning.computeIfAbsent(sym, k -> new ArrayList<>()).add(name));
        byMeaning.forEach((sym, names) -> out.add(new Row(operand + String.join("|", names) + dialect, sym.status(), sym.meaning())));
    }
}
