package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.engine.sim.Prng;

/**
 * {@code random_distribution=} (options.c str_random_distribution_cb, io_u.c get_next_rand_offset): uniform
 * ({@code random}), {@code zipf:θ}, {@code pareto:h}, {@code normal:σ} (a percentage of the range; {@code gauss}),
 * {@code zoned:A/R:…} (A % of the accesses go to the next R % of the range) and {@code zoned_abs:A/SIZE:…}.
 * A distribution other than uniform turns the random map off (init.c fixup_options: norandommap).
 *
 * <p>Departure: the draws come from the model's seeded generator, not fio's tausworthe state, and zipf/pareto
 * block numbers are scattered with a 64-bit multiplicative hash rather than fio's __hash_u64 (the same skew, other
 * block numbers).
 */
public final class FioDistribution {

    public enum Kind { RANDOM, ZIPF, PARETO, NORMAL, ZONED, ZONED_ABS }

    static final FioDistribution UNIFORM = new FioDistribution(Kind.RANDOM, 0, List.of(), "random");

    private final Kind kind;
    private final double param;
    /** zoned: {access %, range % (or bytes for zoned_abs)}. */
    private final List<double[]> zones;
    private final String text;
    /** {n, zeta(n)} of the last file size (zipf_update's sum over n terms, computed once). */
    private final double[] zetaMemo = {-1, 0};

    private FioDistribution(Kind kind, double param, List<double[]> zones, String text) {
        this.kind = kind;
        this.param = param;
        this.zones = List.copyOf(zones);
        this.text = text;
    }

    public Kind kind() { return kind; }

    @Override
    public String toString() { return text; }

    static FioDistribution parse(String value, int kbBase) {
        String v = value.trim();
        int colon = v.indexOf(':');
        String name = colon < 0 ? v : v.substring(0, colon);
        String arg = colon < 0 ? null : v.substring(colon + 1);
        switch (name) {
            case "random" -> { return UNIFORM; }
            case "zipf" -> {
                double theta = arg == null ? 1.1 : number(v, arg);
                if (theta == 1.0) throw FioValues.usage("random_distribution", value, "zipf theta must be different than 1.0");
                return new FioDistribution(Kind.ZIPF, theta, List.of(), v);
            }
            case "pareto" -> {
                double h = arg == null ? 0.2 : number(v, arg);
                if (h <= 0 || h >= 1) throw FioValues.usage("random_distribution", value, "pareto input out of range (0 < input < 1.0)");
                return new FioDistribution(Kind.PARETO, h, List.of(), v);
            }
            case "normal", "gauss" -> {
                double dev = arg == null ? 0 : number(v, arg);
                if (dev < 0 || dev >= 100) throw FioValues.usage("random_distribution", value, "normal deviation out of range (0 <= input < 100.0)");
                return new FioDistribution(Kind.NORMAL, dev, List.of(), v);
            }
            case "zoned", "zoned_abs" -> {
                boolean abs = name.equals("zoned_abs");
                if (arg == null) throw FioValues.usage("random_distribution", value, "zoned needs access/range pairs (zoned:60/10:40/90)");
                if (arg.contains(",")) arg = arg.substring(0, arg.indexOf(','));   // per-direction lists: the first applies to all
                List<double[]> z = new ArrayList<>();
                double acc = 0, range = 0;
                for (String part : arg.split(":")) {
                    String[] ar = part.split("/");
                    if (ar.length != 2) throw FioValues.usage("random_distribution", value, "bad zone '" + part + "' (want ACCESS%/RANGE)");
                    double a = number(v, ar[0]);
                    double r = abs ? FioValues.size("random_distribution", ar[1], kbBase) : number(v, ar[1]);
                    acc += a;
                    range += r;
                    z.add(new double[] {a, r});
                }
                if (acc != 100 || !abs && range != 100) {
                    throw FioValues.usage("random_distribution", value, "the zones' access percentages"
                            + (abs ? "" : " and range percentages") + " must add up to 100");
                }
                return new FioDistribution(abs ? Kind.ZONED_ABS : Kind.ZONED, 0, z, v);
            }
            default -> throw new ToolUsageException("fio", "random_distribution=" + value, "fio: failed parsing random_distribution="
                    + value + ": allowed: random, zipf[:theta], pareto[:h], normal[:dev], gauss, zoned:…, zoned_abs:…");
        }
    }

    private static double number(String value, String s) {
        try {
            return Double.parseDouble(s.trim().replace("%", ""));
        } catch (NumberFormatException e) {
            throw FioValues.usage("random_distribution", value, "'" + s + "' is not a number");
        }
    }

    /** The next block number in [0, blocks) of a file of {@code fileBytes} in blocks of {@code bs}. */
    public long next(Prng r, long blocks, long fileBytes) {
        double u = r.nextDouble();
        return switch (kind) {
            case RANDOM -> r.nextLong(blocks);
            case ZIPF -> scatter(zipf(u, blocks), blocks);
            case PARETO -> scatter((long) ((blocks - 1) * Math.pow(u, Math.log(param) / Math.log(1.0 - param))), blocks);
            case NORMAL -> {
                double g = Math.sqrt(-2 * Math.log(Math.max(1e-300, u))) * Math.cos(2 * Math.PI * r.nextDouble());
                double dev = param == 0 ? 0.1 : param / 100.0;
                long b = (long) Math.floor(blocks * (0.5 + g * dev));
                yield Math.floorMod(b, blocks);
            }
            case ZONED, ZONED_ABS -> zoned(u, r, blocks, fileBytes);
        };
    }

    private long zipf(double u, long n) {
        double theta = param;
        double zetan;
        if (zetaMemo[0] == n) zetan = zetaMemo[1];
        else {
            zetan = 0;
            long terms = Math.min(n, 10_000_000L);                  // lib/zipf.c: ZIPF_MAX_GEN
            for (long i = 1; i <= terms; i++) zetan += Math.pow(1.0 / i, theta);
            zetaMemo[1] = zetan;
            zetaMemo[0] = n;
        }
        double zeta2 = 1 + Math.pow(0.5, theta);
        double alpha = 1.0 / (1.0 - theta);
        double eta = (1.0 - Math.pow(2.0 / n, 1.0 - theta)) / (1.0 - zeta2 / zetan);
        double z = u * zetan;
        long val = z < 1 ? 1 : z < 1 + Math.pow(0.5, theta) ? 2 : 1 + (long) (n * Math.pow(eta * u - eta + 1.0, alpha));
        return Math.min(n - 1, val - 1);
    }

    private static long scatter(long v, long n) {
        return Long.remainderUnsigned(v * 0x9E37FFFFFFFC0001L, n);
    }

    private long zoned(double u, Prng r, long blocks, long fileBytes) {
        double acc = 0, start = 0;
        double pick = u * 100;
        for (double[] z : zones) {
            double width = kind == Kind.ZONED ? z[1] / 100.0 * blocks : z[1] / Math.max(1.0, fileBytes) * blocks;
            if (pick < acc + z[0] || z == zones.get(zones.size() - 1)) {
                long from = (long) start, len = Math.max(1, (long) width);
                return Math.min(blocks - 1, from + r.nextLong(len));
            }
            acc += z[0];
            start += width;
        }
        return r.nextLong(blocks);
    }
}
