// Which model family a job from Slurm's accounting trained, guessed in this
// order (docs/man/accord-sacct2trace.1):
//  1. its SystemComment holds "hints: model NAME": sched_accord's record of
//     the job's --accord-model hint, checked at submission;
//  2. its Comment holds "accord-model=NAME" (with or without "--"), e.g.
//     sbatch --comment=--accord-model=resnet50 on a cluster without the
//     SPANK plugin; NAME must pass the hint's own check;
//  3. its job name is one of `known` (the families the converter can map);
//  4. else unknown ("").
#pragma once

#include <set>
#include <string>

#include "sim/sacct_records.h"

namespace accord::sim {

struct FamilyGuess {
    std::string family;  // "" = unknown
    std::string source;  // "hint", "comment", "job name"; "" when unknown
};

FamilyGuess guess_family(const SacctRecord &record, const std::set<std::string> &known);

}  // namespace accord::sim
