package org.f2fsobs.bench.tool.dd;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import org.f2fsobs.bench.tool.OptionTable;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * Parses dd operands as GNU dd.c scanargs() or toybox dd_main() do: {@code name=value} operands in any order,
 * {@code bs=} overriding {@code ibs=}/{@code obs=} wherever it appears, comma-separated symbol lists for
 * {@code conv=}, {@code iflag=} and {@code oflag=}. Symbols the real dd knows but the simulation does not model are
 * rejected with a message saying so; unknown ones as the real dd rejects them.
 */
public final class DdParser {

    private DdParser() {}

    /** Parses GNU dd syntax; {@code argv} may start with the program name. */
    public static DdJob parse(List<String> argv) {
        return parse(argv, DdDialect.GNU);
    }

    /** Parses {@code argv} in the syntax of {@code dialect}. */
    public static DdJob parse(List<String> argv, DdDialect dialect) {
        boolean gnu = dialect == DdDialect.GNU;
        String in = null, out = null, status = "default";
        long ibs = 512, obs = 512, bs = 0, count = -1, skip = 0, seek = 0;
        boolean countB = false, skipB = false, seekB = false;
        Set<String> conv = new LinkedHashSet<>(), iflag = new LinkedHashSet<>(), oflag = new LinkedHashSet<>();
        int i = !argv.isEmpty() && (argv.get(0).equals("dd") || argv.get(0).endsWith("/dd")) ? 1 : 0;
        for (; i < argv.size(); i++) {
            String arg = argv.get(i);
            int eq = arg.indexOf('=');
            if (eq < 0) throw unrecognized(arg, gnu);
            String name = arg.substring(0, eq);
            String val = arg.substring(eq + 1);
            switch (name) {
                case "if" -> in = val;
                case "of" -> out = val;
                case "conv" -> symbols("conv", val, gnu ? DdOptions.GNU_CONV : DdOptions.TOYBOX_CONV, gnu, conv);
                case "iflag" -> symbols("iflag", val, gnu ? DdOptions.GNU_IFLAG : DdOptions.TOYBOX_IFLAG, gnu, iflag);
                case "oflag" -> symbols("oflag", val, gnu ? DdOptions.GNU_OFLAG : DdOptions.TOYBOX_OFLAG, gnu, oflag);
                case "status" -> status = status(val, gnu);
                case "cbs" -> {
                    if (!gnu) throw unrecognized(arg, false);
                    DdNumbers.gnu(name, val, 1);            // used only by the byte conversions, which are refused
                }
                case "bs", "ibs", "obs" -> {
                    long n = gnu ? DdNumbers.gnu(name, val, 1) : DdNumbers.toybox(name, val, 1);
                    if (name.equals("bs")) bs = n;
                    else if (name.equals("ibs")) ibs = n;
                    else obs = n;
                }
                case "count", "skip", "seek", "iseek", "oseek" -> {
                    if (!gnu && (name.equals("iseek") || name.equals("oseek"))) throw unrecognized(arg, false);
                    long n = gnu ? DdNumbers.gnu(name, val, 0) : DdNumbers.toybox(name, val, 0);
                    boolean b = gnu && val.indexOf('B') >= 0;
                    switch (name) {
                        case "count" -> {
                            count = n;
                            countB = b;
                        }
                        case "skip", "iseek" -> {
                            skip = n;
                            skipB = b;
                        }
                        default -> {
                            seek = n;
                            seekB = b;
                        }
                    }
                }
                default -> throw unrecognized(arg, gnu);
            }
        }
        if (bs > 0) ibs = obs = bs;
        else if (ibs != obs) {
            throw new ToolUsageException("dd", "obs=" + obs, "dd: ibs=" + ibs + " and obs=" + obs + " differ: the simulation"
                    + " copies in one block size (output blocks are not regrouped); give bs=");
        }
        if (countB) iflag.add("count_bytes");
        if (skipB) iflag.add("skip_bytes");
        if (seekB) oflag.add("seek_bytes");
        return new DdJob(in, out, ibs, obs, bs > 0, count, skip, seek, conv, iflag, oflag, status, dialect);
    }

    private static void symbols(String operand, String val, Map<String, DdOptions.Sym> table, boolean gnu, Set<String> into) {
        for (String s : val.split(",", -1)) {
            DdOptions.Sym sym = table.get(s);
            if (sym != null && sym.status() != OptionTable.Status.REFUSED) {
                into.add(s);
            } else if (sym != null) {
                throw new ToolUsageException("dd", operand + "=" + s, "dd: " + operand + "=" + s
                        + " is not supported by the simulation: " + sym.meaning() + "; supported: " + String.join(", ", accepted(table)));
            } else {
                String what = switch (operand) {
                    case "conv" -> "invalid conversion";
                    case "iflag" -> "invalid input flag";
                    default -> "invalid output flag";
                };
                throw new ToolUsageException("dd", operand + "=" + s, gnu
                        ? "dd: " + what + ": '" + s + "' in " + operand + "=" + val + "; allowed: " + String.join(", ", accepted(table))
                        : "dd: bad " + operand + "=" + s + "; allowed: " + String.join(", ", accepted(table)));
            }
        }
    }

    private static List<String> accepted(Map<String, DdOptions.Sym> table) {
        return table.entrySet().stream().filter(e -> e.getValue().status() != OptionTable.Status.REFUSED).map(Map.Entry::getKey)
                .sorted().toList();
    }

    private static String status(String val, boolean gnu) {
        Map<String, DdOptions.Sym> t = gnu ? DdOptions.GNU_STATUS : DdOptions.TOYBOX_STATUS;
        if (t.containsKey(val)) return val;
        throw new ToolUsageException("dd", "status=" + val, gnu
                ? "dd: invalid status level: '" + val + "'; allowed: none, noxfer, progress"
                : "dd: status=" + val + ": unknown status '" + val + "'; allowed: noxfer, none");
    }

    private static ToolUsageException unrecognized(String arg, boolean gnu) {
        String allowed = "; operands: if=, of=, bs=, ibs=, obs=, count=, skip=, seek=, conv=, iflag=, oflag=, status="
                + (gnu ? ", cbs=, iseek=, oseek=" : "");
        return new ToolUsageException("dd", arg, gnu ? "dd: unrecognized operand '" + arg + "'" + allowed
                : "dd: bad arg " + arg + allowed);
    }

}
