modprobe null_blk gb=1 memory_backed=1
mkfs.f2fs -f /dev/nullb0
mount -o background_gc=off,mode=adaptive /dev/nullb0 /mnt
fio --name=fill --filename=/mnt/f --size=738m --rw=write --bs=1m --end_fsync=1
fio --name=ow1 --filename=/mnt/f --size=738m --rw=randwrite --random_distribution=zipf:1.2 --bs=4k --io_size=256m --fsync=32
sleep 600
fio --name=ow2 --filename=/mnt/f --size=738m --rw=randwrite --random_distribution=zipf:1.2 --bs=4k --io_size=256m --fsync=32
sleep 600
fio --name=ow3 --filename=/mnt/f --size=738m --rw=randwrite --random_distribution=zipf:1.2 --bs=4k --io_size=256m --fsync=32
sleep 600
fio --name=ow4 --filename=/mnt/f --size=738m --rw=randwrite --random_distribution=zipf:1.2 --bs=4k --io_size=256m --fsync=32
