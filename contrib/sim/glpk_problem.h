// GlpkProblem: owns one GLPK problem object (glp_prob), so every exit path,
// exceptions included, frees it. GLPK's own API is used on get().
#pragma once

#include <glpk.h>

namespace accord::sim {

class GlpkProblem {
public:
    GlpkProblem() : problem_(glp_create_prob()) {}
    ~GlpkProblem() { glp_delete_prob(problem_); }
    GlpkProblem(const GlpkProblem &) = delete;
    GlpkProblem &operator=(const GlpkProblem &) = delete;

    glp_prob *get() const { return problem_; }

private:
    glp_prob *problem_;
};

}  // namespace accord::sim
