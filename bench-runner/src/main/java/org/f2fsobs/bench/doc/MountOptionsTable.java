package org.f2fsobs.bench.doc;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;
import org.f2fsobs.engine.f2fs.F2fsEra;
import org.f2fsobs.engine.f2fs.MountOptions;

/** The engine's mount-option table ({@link MountOptions#rows()}), each row marked with the eras whose f2fs knows it. */
public final class MountOptionsTable implements OptionTable {
    @Override
    public String id() {
        return "mount";
    }

    @Override
    public String title() {
        return "Mount options (`mount -o`, `--mount`, REST `mount`), by the f2fs of the profile's era (`kernel.f2fs`)";
    }

    @Override
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (MountOptions.Row r : MountOptions.rows()) {
            String eras = r.eras().size() == F2fsEra.values().length ? "" : " (" + eras(r) + ")";
            out.add(new Row(r.option() + eras, Status.valueOf(r.status().name()), r.meaning()));
        }
        return out;
    }

    private static String eras(MountOptions.Row r) {
        List<String> e = new ArrayList<>();
        for (F2fsEra x : F2fsEra.values()) if (r.eras().contains(x)) e.add(x.key());
        return String.join(", ", e);
    }
}
