package org.f2fsobs.bench.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** Pastes that are not an experiment: each refusal names what is missing. */
class BadMailTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load();

    private static MailImportException refusal(String paste) {
        try {
            DraftBuilder.build(paste, CATALOG);
        } catch (MailImportException e) {
            return e;
        }
        throw new AssertionError("accepted: " + paste.substring(0, Math.min(80, paste.length())));
    }

    @Test
    void prosIsNotAMail() {
        MailImportException e = refusal("Dear all,\nthe weather was nice today and I went for a walk.\nRegards\n");
        assertThat(e.errors()).extracting(FieldError::field).containsExactly("mail");
        assertThat(e.getMessage()).contains("not a patch mail");
    }

    @Test
    void aPatchWithoutFiguresSaysSo() {
        String mail = "Subject: [PATCH] f2fs: fix a typo\nFrom: A <a@b.c>\n\nFix the comment.\n\nSigned-off-by: A <a@b.c>\n---\n"
                + "diff --git a/fs/f2fs/data.c b/fs/f2fs/data.c\n@@ -1,3 +1,3 @@ static int f2fs_foo(void)\n-old\n+new\n";
        MailImportException e = refusal(mail);
        assertThat(e.errors()).extracting(FieldError::field).contains("figures");
        assertThat(e.errors().get(0).message()).contains("no figures");
    }

    @Test
    void figuresWithoutTwoSidesSaySo() {
        String mail = "Subject: [PATCH] f2fs: tune\n\nTest:\nfio --name=a --rw=write --size=1G\nwrite: 300 MiB/s\n\nSigned-off-by: A <a@b.c>\n";
        MailImportException e = refusal(mail);
        assertThat(e.errors()).extracting(FieldError::field).startsWith("figures");
        assertThat(e.errors().get(0).message()).contains("no two sides");
    }

    @Test
    void figuresNoToolPrintsAndNoCommandToInferSaySo() {
        String mail = "Subject: [PATCH] f2fs: speed up mount\n\nmount time:\nbefore: 120 ms\nafter: 80 ms\n\nSigned-off-by: A <a@b.c>\n"
                + "diff --git a/fs/f2fs/super.c b/fs/f2fs/super.c\n@@ -1,3 +1,3 @@ static int f2fs_fill_super(void)\n-a\n+b\n";
        MailImportException e = refusal(mail);
        assertThat(e.errors()).extracting(FieldError::field).containsExactly("command", "flag");
        assertThat(e.errors().get(0).message()).contains("no measured command", "120 ms");
    }

    @Test
    void tenMebibytesIsOverTheLimitByName() {
        MailImportException e = refusal("x".repeat(10 << 20));
        assertThat(e.limit()).isEqualTo("mail_chars");
        assertThat(e.getMessage()).contains("10485760 characters", "mail_chars = 1048576");
    }

    @Test
    void aNulByteAndAnEmptyPasteAreRefused() {
        assertThat(refusal("Subject: [PATCH] x\u0000").getMessage()).contains("NUL");
        assertThatThrownBy(() -> DraftBuilder.build("  \n", CATALOG)).isInstanceOf(MailImportException.class).hasMessageContaining("empty");
    }
}
