package org.f2fsobs.engine.f2fs.segment;

import org.f2fsobs.engine.f2fs.F2fsConst;

/**
 * enum log_type (CURSEG_HOT_DATA … CURSEG_COLD_NODE): the NR_PERSISTENT_LOG persistent logs, kernel order and spelling;
 * the first NR_CURSEG_DATA_TYPE are data logs.
 */
public enum CursegType {
    HOT_DATA, WARM_DATA, COLD_DATA, HOT_NODE, WARM_NODE, COLD_NODE;

    public static final int NR_PERSISTENT_LOG = F2fsConst.NR_CURSEG_PERSIST_TYPE;
    private static final CursegType[] ALL = values();

    public boolean isData() {
        return ordinal() <= COLD_DATA.ordinal();
    }

    public boolean isNode() {
        return !isData();
    }

    /** Temperature index 0 (HOT) … 2 (COLD) within data or node. */
    public int temp() {
        return ordinal() % F2fsConst.NR_CURSEG_DATA_TYPE;
    }

    public static CursegType of(int i) {
        return ALL[i];
    }

    public static CursegType data(int temp) {
        return ALL[temp];
    }

    public static CursegType node(int temp) {
        return ALL[F2fsConst.NR_CURSEG_DATA_TYPE + temp];
    }

    /** The log's name as it appears in results ("warm_data"). */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
