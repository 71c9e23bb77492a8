dd if=/dev/zero of=/a bs=1M count=6
dd if=/dev/zero of=/b bs=1M count=6
