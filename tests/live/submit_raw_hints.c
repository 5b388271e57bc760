/* Submits a 20-second batch job whose SPANK job-control environment holds
 * the given NAME=VALUE entries as they are, as any client without the SPANK
 * plugin (or with a forged one) can: the live tests check that sched_accord
 * checks them again and never trusts them.
 *   submit_raw_hints TRES_PER_NODE ENTRY...   e.g. gres:gpu:1 ACCORD_GPUS=0
 * Prints the job id. Public libslurm API only. */
#include <stdio.h>
#include <unistd.h>

#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>

int main(int argc, char **argv)
{
    job_desc_msg_t desc;
    submit_response_msg_t *resp = NULL;
    char *env[] = {"PATH=/bin:/usr/bin", NULL};

    if (argc < 2) {
        fprintf(stderr, "usage: %s TRES_PER_NODE [NAME=VALUE...]\n", argv[0]);
        return 2;
    }
    slurm_init(NULL);
    slurm_init_job_desc_msg(&desc);
    desc.name = "raw-hints";
    desc.script = "#!/bin/sh\nsleep 20\n";
    desc.user_id = getuid();
    desc.group_id = getgid();
    desc.work_dir = "/tmp";
    desc.std_out = "/dev/null";
    desc.environment = env;
    desc.env_size = 1;
    desc.tres_per_node = argv[1];
    desc.spank_job_env = argv + 2;
    desc.spank_job_env_size = argc - 2;
    if (slurm_submit_batch_job(&desc, &resp) != SLURM_SUCCESS) {
        slurm_perror("submit_raw_hints");
        return 1;
    }
    printf("%u\n", resp->job_id);
    slurm_free_submit_response_response_msg(resp);
    return 0;
}
