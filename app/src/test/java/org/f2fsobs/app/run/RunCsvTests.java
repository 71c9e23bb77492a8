package org.f2fsobs.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.queue.GatedCellRunner;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

class RunCsvTests {

    @Test
    void everySectionIsFlattenedToOneValuePerRow() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("segs_per_sec", 128L);
        params.put("scale", 0.5);
        RunResult r = GatedCellRunner.result("fio-large-section", "nullblk-x86", Map.of("vm_map_ram", true), params, 3);
        String csv = RunCsv.write(42, r);
        List<String> lines = List.of(csv.split("\r\n"));
        assertThat(lines.get(0)).isEqualTo("section,name,value,unit");
        assertThat(lines).contains("run,id,42,", "run,mkfs,-s 128,", "headline,write_bandwidth,1.000000003E9,bytes/s",
                "optimization,vm_map_ram,true,", "param,segs_per_sec,128,", "param,scale,0.5,", "counter,seg_entry_reads,1000,",
                "histogram,write_request_bytes.524288,13,requests", "time_ns,cpu.copy,2,ns", "preparation,virtual_ns,3,ns");
        assertThat(lines).allSatisfy(l -> assertThat(l.split(",", -1).length).isGreaterThanOrEqualTo(4));
    }

    @Test
    void fieldsAreQuotedAndFormulasDefused() {
        assertThat(RunCsv.field("fio --name=a,b")).isEqualTo("\"fio --name=a,b\"");
        assertThat(RunCsv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(RunCsv.field("=cmd|' /C calc'!A0")).isEqualTo("'=cmd|' /C calc'!A0");
        assertThat(RunCsv.field("-s 128")).isEqualTo("-s 128");
        assertThat(RunCsv.field("-1.5e3")).isEqualTo("-1.5e3");
        assertThat(RunCsv.field("line\nbreak")).isEqualTo("\"line\nbreak\"");
    }
}
