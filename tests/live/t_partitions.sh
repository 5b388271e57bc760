# Partitions and advance reservations restrict where Accord may place a job.

test_partition_restricts_nodes() {
    local j; j=$(submit -p v100 --gres=gpu:1 --wrap 'sleep 20')
    check "job in partition v100 runs" wait_state "$j" RUNNING
    check "it stays in its partition though a100 is faster" matches "$(job_field "$j" NodeList)" '^v100-[12]$'
}

test_reservation_nodes_kept_for_its_users() {
    local outside inside waiting
    scontrol create reservation ReservationName=accord_maint Nodes=a100-1 StartTime=now \
        Duration=10 Users=root Flags=IGNORE_JOBS >/dev/null
    outside=$(submit --gres=gpu:a100:8 -t 5 --wrap 'sleep 30')
    check "job outside the reservation runs" wait_state "$outside" RUNNING
    check "it avoids the reserved node" equals "$(job_field "$outside" NodeList)" a100-2
    waiting=$(submit --gres=gpu:a100:8 -t 5 --wrap 'sleep 30')
    inside=$(submit --reservation=accord_maint --gres=gpu:a100:8 -t 5 --wrap 'sleep 30')
    check "job in the reservation runs" wait_state "$inside" RUNNING
    check "it runs on the reserved node" equals "$(job_field "$inside" NodeList)" a100-1
    check "a second outside job waits" equals "$(job_field "$waiting" JobState)" PENDING
    scancel "$inside" "$waiting" "$outside"
    wait_until 20 queue_empty
    scontrol delete reservation=accord_maint
}
