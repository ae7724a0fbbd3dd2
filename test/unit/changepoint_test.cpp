// Tests of the changepoint part of the steady-state analysis: segment cost,
// PELT, CROPS, Kneedle and the penalty choice (stats/src/changepoint.cpp).
//
// Where the expected values come from:
//  - "R:" values were computed by R 4.2.2 running R changepoint's own code on
//    the series of synthetic_series.h (written out with %.17g): the C function
//    PELT of src/PELT_one_func_minseglen.c with mll_meanvar of
//    src/cost_general_functions.c, and SumStats / PELT / range_of_penalties of
//    the package's R sources, i.e. what cpt.meanvar(x, method = "PELT",
//    penalty = "Manual" / "CROPS", pen.value = ...) runs. Changepoints are
//    given 0-based (R's cpts() minus one).
//  - "study:" values add the steady-state study's penalty choice
//    (changepoint.py: CROPS, then kneed's KneeLocator on R's pen.value.full,
//    i.e. the beta_interval row in changepoint <= 2.2.4, and the numbers of
//    changepoints in descending penalty order, fallback 15·log n), the
//    segmentation being CROPS's at the knee. They compose the two parts
//    checked on their own here (CROPS's intervals against R, Kneedle against
//    kneed); Segment.KneedleGetsTheIntervalStarts checks the composition.
//  - the exact optimal-partitioning solver below is written independently
//    (two-pass variances, O(n²) dynamic programme over all admissible
//    segmentations).
//  - Kneedle curves and costs are worked by hand in the comments.
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "steady/steady_state.h"
#include "synthetic_series.h"

namespace {

using namespace steady::stats;
namespace t = steady::test;
using Cpts = std::vector<std::size_t>;

// --- Independent exact optimal partitioning --------------------------------
double two_pass_cost(const std::vector<double> &x, std::size_t b, std::size_t e) {
  long double mean = 0;
  for (std::size_t i = b; i < e; ++i)
    mean += x[i];
  mean /= static_cast<long double>(e - b);
  long double ss = 0;
  for (std::size_t i = b; i < e; ++i)
    ss += (x[i] - mean) * (x[i] - mean);
  double var = static_cast<double>(ss / static_cast<long double>(e - b));
  if (var <= 0)
    var = 1e-11;
  return static_cast<double>(e - b) * (std::log(2 * std::numbers::pi) + std::log(var) + 1);
}

struct Optimal {
  Cpts changepoints;
  double cost = 0; // unpenalised
};

// min over segmentations with segments of >= minseg points of
// sum(cost) + pen·#changepoints; ties to the earliest last changepoint.
Optimal optimal_partitioning(const std::vector<double> &x, double pen, std::size_t minseg = 2) {
  const std::size_t n = x.size();
  std::vector<std::vector<double>> c(n + 1, std::vector<double>(n + 1));
  for (std::size_t b = 0; b < n; ++b)
    for (std::size_t e = b + minseg; e <= n; ++e)
      c[b][e] = two_pass_cost(x, b, e);
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> f(n + 1, inf);
  std::vector<std::size_t> from(n + 1, 0);
  f[0] = -pen;
  for (std::size_t e = minseg; e <= n; ++e)
    for (std::size_t b = 0; b + minseg <= e; ++b) {
      if (f[b] == inf)
        continue;
      const double v = f[b] + c[b][e] + pen;
      if (v < f[e]) {
        f[e] = v;
        from[e] = b;
      }
    }
  Optimal o;
  for (std::size_t e = n; e != 0; e = from[e])
    if (e != n)
      o.changepoints.insert(o.changepoints.begin(), e - 1);
  o.cost = f[n] - pen * static_cast<double>(o.changepoints.size());
  return o;
}

// --- Segment cost -----------------------------------------------------------
TEST(NormalMeanVarCost, MatchesTheFormulaByHand) {
  // {1, 2, 3, 4}: mean 2.5, MLE variance (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25.
  const std::vector<double> x{1, 2, 3, 4, 5, 5};
  const NormalMeanVarCost cost(x);
  const double l2pi = std::log(2 * std::numbers::pi);
  EXPECT_NEAR(cost(0, 4), 4 * (l2pi + std::log(1.25) + 1), 1e-12);
  // {2, 3}: variance 0.25.
  EXPECT_NEAR(cost(1, 3), 2 * (l2pi + std::log(0.25) + 1), 1e-12);
  // {5, 5}: variance 0, replaced by 1e-11 as in R.
  EXPECT_DOUBLE_EQ(cost(4, 6), 2 * (l2pi + std::log(1e-11) + 1));
}

TEST(NormalMeanVarCost, TinyPositiveVarianceIsNotFloored) {
  // R replaces only σ² <= 0: values in seconds (1e-7 ± 1e-10) keep their own
  // variance (2.5e-21 here), so segmentation does not depend on the unit.
  const std::vector<double> x{1e-7, 1.001e-7, 1e-7, 1.001e-7};
  const std::vector<double> y{1e3, 1.001e3, 1e3, 1.001e3}; // the same ×1e10
  const NormalMeanVarCost cx(x), cy(y);
  // cost_x − cost_y = m·log(1e-20) for every segment.
  EXPECT_NEAR(cx(0, 4) - cy(0, 4), 4 * std::log(1e-20), 1e-6);
  EXPECT_NEAR(cx(1, 3) - cy(1, 3), 2 * std::log(1e-20), 1e-6);
}

TEST(NormalMeanVarCost, AutomaticPrecisionFollowsConditioning) {
  EXPECT_EQ(NormalMeanVarCost(t::step_in_mean()).precision(), SumPrecision::r_compatible);
  EXPECT_EQ(NormalMeanVarCost(t::large_offset()).precision(), SumPrecision::extended);
  EXPECT_EQ(NormalMeanVarCost(t::integer_ties()).precision(), SumPrecision::r_compatible);
  EXPECT_EQ(NormalMeanVarCost(t::large_offset(), SumPrecision::r_compatible).precision(), SumPrecision::r_compatible);
}

TEST(NormalMeanVarCost, LargeOffsetKeepsShortSegmentVariances) {
  // 1e6 + N(0, 1): R's double cumulative sums of x² (~3e14) carry an error of
  // ~0.06, comparable with the spread of a few points; long double sums have
  // 11 more bits. Worst error over all segments of 10 (2) points against the
  // two-pass value: measured 7e-5 (0.4) with long double sums, 0.23 (42)
  // with double sums.
  const auto x = t::large_offset();
  const NormalMeanVarCost extended(x, SumPrecision::extended);
  const NormalMeanVarCost r(x, SumPrecision::r_compatible);
  for (std::size_t len : {2u, 10u}) {
    double worst_extended = 0, worst_r = 0;
    for (std::size_t b = 0; b + len <= x.size(); ++b) {
      const double exact = two_pass_cost(x, b, b + len);
      worst_extended = std::max(worst_extended, std::fabs(extended(b, b + len) - exact));
      worst_r = std::max(worst_r, std::fabs(r(b, b + len) - exact));
    }
    EXPECT_LT(worst_extended, len == 2 ? 1.0 : 1e-3) << len;
    EXPECT_GT(worst_r, len == 2 ? 10.0 : 0.1) << len;
  }
}

// --- PELT ---------------------------------------------------------------------
struct PeltCase {
  const char *name;
  std::vector<double> (*series)();
  Cpts r_changepoints; // R: PELT at 15·log n
};

std::vector<double> warmup300() { return t::warmup_then_flat(); }
std::vector<double> flat300() { return t::flat_noise(); }

const PeltCase kPeltCases[] = {
    {"step_in_mean", t::step_in_mean, {149}},
    {"step_in_variance", t::step_in_variance, {146}},
    {"warmup", warmup300, {24, 47}},
    {"flat", flat300, {}},
    {"spikes", t::isolated_spikes, {39, 41, 148, 150, 258, 260}},
    {"bimodal", t::bimodal_flat, {}},
    {"ties", t::integer_ties, {149}},
    // R on the offset series agrees here too; the extended sums give the
    // answer of the same noise without the offset.
    {"offset", t::large_offset, {149}},
};

TEST(Pelt, MatchesRAndExactOptimumAt15LogN) {
  for (const auto &c : kPeltCases) {
    SCOPED_TRACE(c.name);
    const auto x = c.series();
    const double pen = 15 * std::log(static_cast<double>(x.size()));
    const Segmentation s = pelt(x, pen);
    EXPECT_EQ(s.changepoints, c.r_changepoints);
    EXPECT_EQ(s.penalty, pen);
    const Optimal o = optimal_partitioning(x, pen);
    EXPECT_EQ(s.changepoints, o.changepoints);
    EXPECT_NEAR(s.cost, o.cost, 1e-6 * std::fabs(o.cost));
  }
}

TEST(Pelt, LateChangeAt15LogN) {
  // R: PELT at 15·log 3000 = 120.0955 finds the step at 2800.
  const auto x = t::late_change();
  EXPECT_EQ(pelt(x, 15 * std::log(3000.0)).changepoints, Cpts{2799});
}

TEST(Pelt, CostsAreTheUnpenalisedSumOfSegmentCosts) {
  const auto x = warmup300();
  const NormalMeanVarCost cost(x);
  const Segmentation s = pelt(cost, 20);
  double sum = 0;
  std::size_t b = 0;
  for (std::size_t c : s.changepoints) {
    sum += cost(b, c + 1);
    b = c + 1;
  }
  sum += cost(b, x.size());
  EXPECT_NEAR(s.cost, sum, 1e-9 * std::fabs(sum));
}

TEST(Pelt, IsNotAlwaysTheExactOptimumAtLowPenalties) {
  // Like R's, the pruning drops a candidate once F[c] + C(c, t) > F[t], which
  // with a minimum segment length can drop one an optimal segmentation needs.
  // At penalty 4 on the step in mean, PELT (and R: 92 changepoints,
  // unpenalised cost 191.457477) is beaten by the exact optimum (91
  // changepoints, penalised cost 557.98 < 559.46).
  const auto x = t::step_in_mean();
  const Segmentation s = pelt(x, 4);
  EXPECT_EQ(s.changepoints.size(), 92u);
  EXPECT_NEAR(s.cost, 191.457477, 1e-5);
  const Optimal o = optimal_partitioning(x, 4);
  EXPECT_EQ(o.changepoints.size(), 91u);
  EXPECT_NEAR(o.cost + 4 * 91, 557.983244, 1e-5);
}

// R's PELT loop written plainly: every candidate's cost with std::log.
Segmentation plain_pelt(const NormalMeanVarCost &cost, double pen, std::size_t minseg) {
  const std::size_t n = cost.size();
  std::vector<double> f(n + 1, 0.0);
  std::vector<std::size_t> last(n + 1, 0), nseg(n + 1, 0);
  f[0] = -pen;
  for (std::size_t j = minseg; j < 2 * minseg; ++j) {
    f[j] = cost(0, j);
    nseg[j] = 1;
  }
  std::vector<std::size_t> cands{0, minseg};
  for (std::size_t t = 2 * minseg; t <= n; ++t) {
    std::vector<double> tmp;
    std::size_t which = 0;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      tmp.push_back(f[cands[i]] + cost(cands[i], t) + pen);
      if (tmp[i] < tmp[which])
        which = i;
    }
    f[t] = tmp[which];
    last[t] = cands[which];
    nseg[t] = nseg[last[t]] + 1;
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < cands.size(); ++i)
      if (tmp[i] <= f[t] + pen)
        kept.push_back(cands[i]);
    kept.push_back(t - (minseg - 1));
    cands = kept;
  }
  Segmentation s;
  for (std::size_t e = n; e != 0; e = last[e])
    if (e != n)
      s.changepoints.insert(s.changepoints.begin(), e - 1);
  s.cost = f[n] - static_cast<double>(nseg[n] - 1) * pen;
  return s;
}

TEST(Pelt, SameAsThePlainLoop) {
  // pelt() evaluates most candidates with a cheap logarithm and an error
  // bound, and exactly only where the bound leaves PELT's decisions open; its
  // answers must be those of the plain loop, bit for bit, in both precisions,
  // on noise at several scales and offsets, with ties, at many penalties.
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    t::Rng rng(seed);
    const double scale = seed % 3 == 0 ? 1e-7 : seed % 3 == 1 ? 1.0 : 1e4;
    const double offset = seed % 4 == 0 ? 1e6 * scale : 10 * scale;
    std::vector<double> x;
    for (std::size_t i = 0; i < 400; ++i) {
      double v = offset + scale * (rng.normal() + (i / 100 % 2 ? 3 : 0));
      if (seed == 5)
        v = std::round(v); // ties
      x.push_back(v);
    }
    for (auto precision : {SumPrecision::extended, SumPrecision::r_compatible}) {
      const NormalMeanVarCost cost(x, precision);
      // Round penalties, and those where CROPS looked: where two
      // segmentations tie, so that PELT's choice hangs on the last bit.
      std::vector<double> pens{2.0, 4.0, 7.5, 15.0, 40.0, 1e5};
      if (seed <= 3)
        for (const auto &run : crops(cost, 4, 1e5).runs)
          pens.push_back(run.penalty);
      for (double pen : pens)
        for (std::size_t minseg : {1u, 2u, 5u}) {
          if (pen != std::round(pen) && pen != 7.5 && minseg != 2)
            continue;
          SCOPED_TRACE(testing::Message() << "seed " << seed << " pen " << pen << " minseg " << minseg << " extended "
                                          << (precision == SumPrecision::extended));
          const Segmentation a = pelt(cost, pen, minseg), b = plain_pelt(cost, pen, minseg);
          EXPECT_EQ(a.changepoints, b.changepoints);
          EXPECT_EQ(a.cost, b.cost);
        }
    }
  }
}

TEST(Pelt, MinimumSegmentLength) {
  const auto x = t::step_in_mean();
  for (std::size_t m : {2u, 5u, 30u}) {
    const Segmentation s = pelt(x, 30, m);
    std::size_t b = 0;
    for (std::size_t c : s.changepoints) {
      EXPECT_GE(c + 1 - b, m);
      b = c + 1;
    }
    EXPECT_GE(x.size() - b, m);
    EXPECT_EQ(s.changepoints, optimal_partitioning(x, 30, m).changepoints) << m;
  }
  // Too short for any change.
  EXPECT_TRUE(pelt(std::vector<double>{1, 9, 1}, 0.1).changepoints.empty());
}

TEST(Pelt, RejectsBadInput) {
  EXPECT_THROW(pelt(std::vector<double>{}, 1), std::invalid_argument);
  EXPECT_THROW(pelt(std::vector<double>{1, 2, NAN, 4}, 1), std::invalid_argument);
  EXPECT_THROW(pelt(std::vector<double>{1, 2, 3, 4}, INFINITY), std::invalid_argument);
  EXPECT_THROW(pelt(std::vector<double>{1, 2, 3, 4}, 1, 0), std::invalid_argument);
}

// --- CROPS --------------------------------------------------------------------
struct CropsCase {
  const char *name;
  std::vector<double> (*series)();
  bool log_scaled; // [4·log n, 1e5·log n] instead of [4, 1e5]
  // R: PELT runs, segmentations, and sums over the segmentations of
  // pen.value.full, of the numbers of changepoints, of the costs and of the
  // beta_interval row.
  std::size_t runs, segmentations;
  double sum_penalty;
  std::size_t sum_changepoints;
  double sum_cost, sum_interval;
};

std::vector<double> warmup3000() { return t::warmup_then_flat(3000, 11); }
std::vector<double> flat3000() { return t::flat_noise(3000, 12); }

const CropsCase kCropsCases[] = {
    {"step_in_mean", t::step_in_mean, false, 62, 38, 100265.13310873551, 1762, 18092.439339594483, 619.07325918439221},
    {"step_in_mean", t::step_in_mean, true, 2, 2, 570401.06259551866, 1, 2054.0243916355275, 379.84708113030013},
    {"warmup", warmup300, false, 69, 49, 100661.19491832869, 2015, 9843.435334970829, 1392.9699671542073},
    {"warmup", warmup300, true, 6, 6, 570715.12746818038, 15, 4336.1829986675484, 1073.7684131557496},
    {"ties", t::integer_ties, false, 65, 39, 100991.20297107579, 1836, -18470.335671200635, 1277.6980614222616},
    {"ties", t::integer_ties, true, 38, 21, 571231.72418472206, 539, 1898.3463947704263, 1065.0787505174303},
    {"warmup3000", warmup3000, false, 618, 374, 103057.58309447918, 161913, 294622.15724293544, 7595.4630790294723},
    {"warmup3000", warmup3000, true, 4, 4, 802320.47545964899, 6, 23221.668244924862, 4812.2896707324771},
    {"flat3000", flat3000, false, 654, 381, 2638.2017764609582, 173024, 3389222.9275060706, 2634.4347003413159},
    {"flat3000", flat3000, true, 2, 1, 32.025470270600984, 0, 12626.655014889733, 32.025470270600984},
};

TEST(Crops, ReproducesRBitForBit) {
  // These series are well conditioned, so the automatic precision is R's and
  // every penalty CROPS evaluates, and every tie PELT breaks there, is R's.
  for (const auto &c : kCropsCases) {
    SCOPED_TRACE(std::string(c.name) + (c.log_scaled ? " log-scaled" : " thesis"));
    const auto x = c.series();
    const double logn = std::log(static_cast<double>(x.size()));
    const double lo = c.log_scaled ? 4 * logn : 4, hi = c.log_scaled ? 1e5 * logn : 1e5;
    const CropsResult r = crops(x, lo, hi);
    EXPECT_EQ(r.pelt_runs, c.runs);
    ASSERT_EQ(r.segmentations.size(), c.segmentations);
    double sp = 0, sc = 0, si = 0;
    std::size_t sn = 0;
    for (const auto &s : r.segmentations) {
      sp += s.penalty;
      sn += s.num_changepoints;
      sc += s.cost;
      si += s.interval_start;
    }
    EXPECT_NEAR(sp, c.sum_penalty, 1e-12 * std::fabs(c.sum_penalty));
    EXPECT_EQ(sn, c.sum_changepoints);
    EXPECT_NEAR(sc, c.sum_cost, 1e-12 * std::fabs(c.sum_cost));
    EXPECT_NEAR(si, c.sum_interval, 1e-12 * std::fabs(c.sum_interval));
  }
}

TEST(Crops, WarmupLogScaledInFull) {
  // R: cpt.meanvar(x, method = "PELT", penalty = "CROPS",
  //                pen.value = c(4, 1e5) * log(3000))
  const auto x = warmup3000();
  const CropsResult r = crops(x, 4 * std::log(3000.0), 1e5 * std::log(3000.0));
  ASSERT_EQ(r.segmentations.size(), 4u);
  const double pen[] = {32.025470270600984, 58.271824199820912, 1593.4214001539588, 800636.75676502462};
  const double interval[] = {32.025470270600984, 40.665883603288421, 75.877764796353404, 4663.7205520622347};
  const double cost[] = {4571.0486281150143, 4611.7145117183027, 4687.5922765146561, 9351.3128285768908};
  const Cpts cpts[] = {{14, 27, 48}, {21, 48}, {38}, {}};
  for (std::size_t k = 0; k < 4; ++k) {
    SCOPED_TRACE(k);
    const auto &s = r.segmentations[k];
    EXPECT_DOUBLE_EQ(s.penalty, pen[k]);
    EXPECT_DOUBLE_EQ(s.interval_start, interval[k]);
    EXPECT_NEAR(s.cost, cost[k], 1e-9 * cost[k]);
    EXPECT_EQ(s.changepoints, cpts[k]);
    EXPECT_EQ(s.num_changepoints, cpts[k].size());
  }
}

TEST(Crops, SegmentationsAgreeWithTheExactOptimumOverTheRange) {
  // Independent check on [15·log n, 1e5·log n], where PELT is exact here: at
  // every penalty of a grid, the exact optimum has the number of changepoints
  // of the CROPS segmentation whose interval holds that penalty.
  for (auto series : {t::step_in_mean, warmup300, t::step_in_variance}) {
    const auto x = series();
    const double logn = std::log(static_cast<double>(x.size()));
    const CropsResult r = crops(x, 15 * logn, 1e5 * logn);
    ASSERT_FALSE(r.segmentations.empty());
    for (std::size_t k = 1; k < r.segmentations.size(); ++k) {
      EXPECT_LT(r.segmentations[k - 1].penalty, r.segmentations[k].penalty);
      EXPECT_GT(r.segmentations[k - 1].num_changepoints, r.segmentations[k].num_changepoints);
    }
    for (double pen = 15 * logn; pen < 3000; pen *= 1.37) {
      std::size_t k = 0;
      while (k + 1 < r.segmentations.size() && r.segmentations[k + 1].interval_start <= pen)
        ++k;
      const Optimal o = optimal_partitioning(x, pen);
      EXPECT_EQ(o.changepoints, r.segmentations[k].changepoints) << pen;
    }
  }
}

// --- Kneedle -------------------------------------------------------------------
TEST(Kneedle, ConvexDecreasingByHand) {
  // x 0..4, y {8, 2, 1, .5, 0}: normalised x {0, .25, .5, .75, 1}, y
  // {1, .25, .125, .0625, 0}; made concave increasing 1 − y {0, .75, .875,
  // .9375, 1}; difference {0, .5, .375, .1875, 0}. The only local maximum is at
  // 1, threshold .5 − 1·.25 = .25; the curve falls below it at 3: knee x = 1.
  const std::vector<double> x{0, 1, 2, 3, 4}, y{8, 2, 1, 0.5, 0};
  EXPECT_EQ(kneedle(x, y, CurveShape::convex, CurveDirection::decreasing), 1u);
  // The same points in descending x (how the study passed CROPS penalties):
  // difference {0, .1875, .375, .5, 0}, maximum at index 3, knee x[3] = 1.
  const std::vector<double> xd{4, 3, 2, 1, 0}, yd{0, 0.5, 1, 2, 8};
  EXPECT_EQ(kneedle(xd, yd, CurveShape::convex, CurveDirection::decreasing), 3u);
}

TEST(Kneedle, OtherShapes) {
  const std::vector<double> x{0, 1, 2, 3, 4};
  // Concave increasing {0, 6, 7, 7.5, 8}: normalised {0, .75, .875, .9375, 1}
  // as is: the same difference curve, knee at x = 1.
  EXPECT_EQ(kneedle(x, std::vector<double>{0, 6, 7, 7.5, 8}, CurveShape::concave, CurveDirection::increasing), 1u);
  // Convex increasing {0, .5, 1, 2, 8}: flipped 1 − y gives the same curve;
  // kneed maps the index back from the end: x[−2] = 3.
  EXPECT_EQ(kneedle(x, std::vector<double>{0, 0.5, 1, 2, 8}, CurveShape::convex, CurveDirection::increasing), 3u);
  // Concave decreasing {8, 7.5, 7, 6, 0}: flipped, knee x = 3.
  EXPECT_EQ(kneedle(x, std::vector<double>{8, 7.5, 7, 6, 0}, CurveShape::concave, CurveDirection::decreasing), 3u);
}

TEST(Kneedle, SensitivityAndNoKnee) {
  const std::vector<double> x{0, 1, 2, 3, 4}, y{8, 2, 1, 0.5, 0};
  // S = 3: threshold .5 − .75 < 0, never crossed before x = 1: no knee.
  EXPECT_FALSE(kneedle(x, y, CurveShape::convex, CurveDirection::decreasing, 3.0));
  // kneed issue #119 (x descending {2, 1, 0}, y {1, 2, 6}): difference
  // {0, .3, 0}, threshold .3 − .5 < 0, then a minimum resets it to 0 and the
  // scan runs off the end (kneed: IndexError): no knee.
  EXPECT_FALSE(kneedle(std::vector<double>{2, 1, 0}, std::vector<double>{1, 2, 6}, CurveShape::convex,
                       CurveDirection::decreasing));
  // Constant y: nothing to find.
  EXPECT_FALSE(kneedle(x, std::vector<double>(5, 3.0), CurveShape::convex, CurveDirection::decreasing));
  EXPECT_FALSE(kneedle(std::vector<double>{1}, std::vector<double>{1}, CurveShape::convex, CurveDirection::decreasing));
}

TEST(Kneedle, OrderMatters) {
  // x {0, 7, 8}, y {8, 7, 0}: difference {0, −.75, 0}, maxima at both ends.
  // Ascending: the first maximum (index 0) has threshold −.5 and the next
  // point −.75 is below it: knee at index 0. Descending (x {8, 7, 0}): the
  // first maximum is the point with normalised x = 1, where kneed stops.
  EXPECT_EQ(kneedle(std::vector<double>{0, 7, 8}, std::vector<double>{8, 7, 0}, CurveShape::convex,
                    CurveDirection::decreasing),
            0u);
  EXPECT_FALSE(kneedle(std::vector<double>{8, 7, 0}, std::vector<double>{0, 7, 8}, CurveShape::convex,
                       CurveDirection::decreasing));
}

// --- Penalty choice (the study's pipeline) -------------------------------------
struct SegmentCase {
  const char *name;
  std::vector<double> (*series)();
  PenaltyRange range;
  KneedleOrder order;
  double penalty;
  const char *source;
  Cpts changepoints;
};

const SegmentCase kSegmentCases[] = {
    // study:
    {"step_in_mean",
     t::step_in_mean,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     12.341162225236303,
     "elbow",
     {149}},
    {"step_in_mean",
     t::step_in_mean,
     PenaltyRange::log_scaled,
     KneedleOrder::descending_penalty,
     85.556737119843007,
     "fallback",
     {149}},
    {"step_in_variance",
     t::step_in_variance,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     11.750774747998037,
     "elbow",
     {146}},
    {"warmup",
     warmup300,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     28.279480313196473,
     "elbow",
     {17, 25, 47}},
    {"warmup",
     warmup300,
     PenaltyRange::log_scaled,
     KneedleOrder::descending_penalty,
     98.259325193256927,
     "elbow",
     {47}},
    {"spikes",
     t::isolated_spikes,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     11.250746297574949,
     "elbow",
     {39, 41, 148, 150, 258, 260}},
    {"ties",
     t::integer_ties,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     52.43226914616406,
     "elbow",
     {27, 32, 149}},
    {"ties",
     t::integer_ties,
     PenaltyRange::log_scaled,
     KneedleOrder::descending_penalty,
     52.432269146164003,
     "elbow",
     {27, 32, 149}},
    {"flat",
     flat300,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     9.0932625526679658,
     "elbow",
     {7, 9, 121, 123, 136, 138, 170, 173, 177}},
    {"flat",
     flat300,
     PenaltyRange::log_scaled,
     KneedleOrder::descending_penalty,
     22.815129898624804,
     "single segmentation",
     {}},
    {"late",
     t::late_change,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     21.58576228608581,
     "elbow",
     {2799}},
    {"late",
     t::late_change,
     PenaltyRange::log_scaled,
     KneedleOrder::descending_penalty,
     120.09551351475369,
     "fallback",
     {2799}},
    {"warmup3000",
     warmup3000,
     PenaltyRange::thesis,
     KneedleOrder::descending_penalty,
     29.546553930166738,
     "elbow",
     {14, 27, 48}},
    {"warmup3000",
     warmup3000,
     PenaltyRange::log_scaled,
     KneedleOrder::descending_penalty,
     75.877764796353404,
     "elbow",
     {38}},
    // Textbook order: same elbows here but for the flat series (79
    // changepoints in ascending order).
    {"warmup3000",
     warmup3000,
     PenaltyRange::thesis,
     KneedleOrder::ascending_penalty,
     29.546553930166738,
     "elbow",
     {14, 27, 48}},
};

TEST(Segment, ReproducesTheStudysPenaltyChoice) {
  for (const auto &c : kSegmentCases) {
    SCOPED_TRACE(std::string(c.name) + (c.range == PenaltyRange::thesis ? " thesis" : " log") +
                 (c.order == KneedleOrder::descending_penalty ? " desc" : " asc"));
    PenaltyOptions o;
    o.range = c.range;
    o.order = c.order;
    const PenaltyChoice p = segment(c.series(), o);
    EXPECT_DOUBLE_EQ(p.penalty, c.penalty);
    EXPECT_EQ(to_string(p.source), c.source);
    EXPECT_EQ(p.segmentation.changepoints, c.changepoints);
    EXPECT_EQ(p.segmentation.penalty, p.penalty);
  }
  PenaltyOptions asc;
  asc.order = KneedleOrder::ascending_penalty;
  const PenaltyChoice p = segment(flat300(), asc);
  EXPECT_DOUBLE_EQ(p.penalty, 4.2355180195236812);
  EXPECT_EQ(p.segmentation.changepoints.size(), 79u);
}

TEST(Segment, KneedleGetsTheIntervalStarts) {
  // On the isolated spikes the two choices of x differ: Kneedle on the
  // penalties PELT ran with puts the elbow at 15.93; on the interval starts,
  // as the study's R returned them, at 11.25.
  const std::vector<double> x = t::isolated_spikes();
  const PenaltyChoice p = segment(x);
  const auto &segs = p.crops.segmentations;
  std::vector<double> starts, runs, counts;
  for (auto it = segs.rbegin(); it != segs.rend(); ++it) {
    starts.push_back(it->interval_start);
    runs.push_back(it->penalty);
    counts.push_back(double(it->num_changepoints));
  }
  const auto knee = kneedle(starts, counts, CurveShape::convex, CurveDirection::decreasing);
  const auto run_knee = kneedle(runs, counts, CurveShape::convex, CurveDirection::decreasing);
  ASSERT_TRUE(knee && run_knee);
  EXPECT_EQ(p.source, PenaltySource::elbow);
  EXPECT_DOUBLE_EQ(p.penalty, starts[*knee]);
  EXPECT_DOUBLE_EQ(runs[*run_knee], 15.934412176292346);
  EXPECT_NE(p.penalty, runs[*run_knee]);
  // The segmentation is the one the knee stands for.
  EXPECT_EQ(p.segmentation.changepoints, segs[segs.size() - 1 - *knee].changepoints);
  EXPECT_EQ(p.segmentation.changepoints.size(), std::size_t(counts[*knee]));
}

TEST(Segment, LargeOffsetSegmentsLikeTheSeriesWithoutIt) {
  // Extended sums (chosen automatically): the changepoints of the offset
  // series are those of the same noise without the offset.
  const PenaltyChoice with = segment(t::large_offset());
  EXPECT_EQ(with.precision, SumPrecision::extended);
  EXPECT_EQ(with.segmentation.changepoints, Cpts{149});
  PenaltyOptions log;
  log.range = PenaltyRange::log_scaled;
  EXPECT_EQ(segment(t::large_offset(), log).segmentation.changepoints, Cpts{149});
}

} // namespace
