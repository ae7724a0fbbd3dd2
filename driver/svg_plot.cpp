#include "svg_plot.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace steady::driver {
namespace {

constexpr double kWidth = 900, kHeight = 450;
constexpr double kLeft = 80, kRight = kWidth - 24, kTop = 62, kBottom = kHeight - 78;
// A white outline behind a label keeps it legible over the points.
#define SVG_HALO "stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\" "
constexpr const char *kPoint = "#4a6fa5", *kOutlier = "#d62728", *kFinal = "#1b7f3b", *kEarlier = "#e07b00",
                     *kStart = "#1f3fbf";

std::string escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

// Round steps of 1, 2 or 5 times a power of ten, about `count` of them.
std::vector<double> ticks(double lo, double hi, int count) {
  double raw = (hi - lo) / count;
  double power = std::pow(10, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
    out.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
  return out;
}

} // namespace

std::string fork_svg(const ForkPlot &p) {
  const stats::ForkSteadyState &a = *p.analysis;
  const std::size_t n = p.values.size();
  std::vector<bool> outlier(n, false);
  for (std::size_t i : a.outliers)
    outlier[i] = true;

  // The y range follows the points kept for segmentation, so that one spike
  // does not flatten the rest; outliers beyond it are pinned to the edge.
  double lo = INFINITY, hi = -INFINITY;
  for (std::size_t i = 0; i < n; ++i)
    if (!outlier[i]) {
      lo = std::min(lo, p.values[i]);
      hi = std::max(hi, p.values[i]);
    }
  if (!(lo <= hi)) {
    lo = *std::min_element(p.values.begin(), p.values.end());
    hi = *std::max_element(p.values.begin(), p.values.end());
  }
  // No zero baseline: it would flatten a 5 % shift into a pixel or two.
  double pad = hi > lo ? (hi - lo) * 0.06 : std::max(std::fabs(hi) * 0.01, 1e-9);
  lo -= pad;
  hi += pad;
  auto X = [&](double i) { return kLeft + i / double(n) * (kRight - kLeft); };
  auto Y = [&](double v) { return kBottom - (v - lo) / (hi - lo) * (kBottom - kTop); };
  auto clampY = [&](double v) { return std::clamp(Y(v), kTop, kBottom); };

  std::string s =
      fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                  "font-family=\"sans-serif\" font-size=\"12\">\n"
                  "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n",
                  kWidth, kHeight);
  s += fmt::format("<text x=\"{}\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>\n", kLeft, escape(p.title));
  s += fmt::format("<text x=\"{}\" y=\"42\" font-size=\"13\" fill=\"{}\">{}</text>\n", kLeft,
                   a.steady ? kFinal : kOutlier, escape(p.verdict));

  // The window the verdict is about: the last K points.
  if (a.last_points > 0) {
    double x0 = X(double(n - a.last_points));
    s += fmt::format("<rect class=\"last-k\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"#eeeeee\"/>\n",
                     x0, kTop, kRight - x0, kBottom - kTop);
    s += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"end\" " SVG_HALO "fill=\"#777\">last K = {}</text>\n",
                     kRight - 4, kBottom - 6, a.last_points);
  }

  // Grid, ticks and axis labels.
  s += "<g stroke=\"#dddddd\" stroke-width=\"1\">\n";
  std::vector<double> yt = ticks(lo, hi, 5), xt = ticks(0, double(n), 8);
  for (double t : yt)
    s += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>\n", kLeft, kRight, Y(t), Y(t));
  s += "</g>\n<g fill=\"#333\">\n";
  for (double t : yt)
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:g}</text>\n", kLeft - 6, Y(t) + 4, t);
  for (double t : xt)
    s += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{:g}</text>\n", X(t), kBottom + 16, t);
  s += "</g>\n";
  s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\"/>\n", kLeft, kTop,
                   kRight - kLeft, kBottom - kTop);
  s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">iteration</text>\n", (kLeft + kRight) / 2,
                   kBottom + 34);
  s += fmt::format("<text x=\"18\" y=\"{0}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {0})\">ns/op</text>\n",
                   (kTop + kBottom) / 2);

  // The series, then the outliers on top (crosses; triangles at the edge when
  // beyond the range).
  double r = n > 1500 ? 1.3 : n > 400 ? 1.8 : 2.5;
  s += fmt::format("<g class=\"points\" fill=\"{}\" fill-opacity=\"0.55\">\n", kPoint);
  for (std::size_t i = 0; i < n; ++i)
    if (!outlier[i])
      s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\"/>\n", X(double(i)), Y(p.values[i]), r);
  s += "</g>\n";
  if (!a.outliers.empty()) {
    s += fmt::format("<g class=\"outliers\" stroke=\"{0}\" fill=\"{0}\" stroke-width=\"1.5\">\n", kOutlier);
    for (std::size_t i : a.outliers) {
      double x = X(double(i)), y = Y(p.values[i]);
      if (y < kTop)
        s += fmt::format("<path d=\"M{:.1f} {} l-4 8 h8 z\"/>\n", x, kTop + 1);
      else if (y > kBottom)
        s += fmt::format("<path d=\"M{:.1f} {} l-4 -8 h8 z\"/>\n", x, kBottom - 1);
      else
        s += fmt::format("<path d=\"M{0:.1f} {1:.1f} m-3.5 -3.5 l7 7 m0 -7 l-7 7\"/>\n", x, y);
    }
    s += "</g>\n";
  }

  // The band a segment mean must lie in to count as similar to the final one.
  if (!a.segments.empty()) {
    double m = a.segments.back().mean, d = std::fabs(m) * p.tolerance;
    double y0 = clampY(m + d), y1 = clampY(m - d);
    s += fmt::format("<rect class=\"tolerance\" x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"{}\" "
                     "fill-opacity=\"0.09\"/>\n",
                     kLeft, y0, kRight - kLeft, y1 - y0, kFinal);
  }

  // Segment means: green for the final run of similar segments, orange before.
  s += "<g class=\"segments\" stroke-width=\"2.5\">\n";
  for (const stats::Segment &g : a.segments)
    s += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"/>\n",
                     X(double(g.begin)), X(double(g.end)), clampY(g.mean), clampY(g.mean),
                     g.begin >= a.final_run_start ? kFinal : kEarlier);
  s += "</g>\n";

  if (p.warmup_iterations > 0 && p.warmup_iterations < n) {
    double x = X(double(p.warmup_iterations));
    s += fmt::format("<line class=\"warmup-used\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#666\" "
                     "stroke-dasharray=\"2 3\"/>\n"
                     "<text x=\"{3:.1f}\" y=\"{4}\" " SVG_HALO "fill=\"#666\">warmup used ({5})</text>\n",
                     x, kTop, kBottom, x + 4, kTop + 30, p.warmup_iterations);
  }
  if (a.steady_iteration) {
    double x = X(double(*a.steady_iteration));
    s += fmt::format("<line class=\"steady-start\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" stroke=\"{3}\" "
                     "stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
                     "<text x=\"{4:.1f}\" y=\"{5}\" " SVG_HALO "fill=\"{3}\">steady from {6}</text>\n",
                     x, kTop, kBottom, kStart, x + 4, kTop + 14, *a.steady_iteration);
  }

  // Legend, one row under the axis label.
  double ly = kHeight - 16, lx = kLeft;
  s += "<g class=\"legend\">\n";
  s +=
      fmt::format("<circle cx=\"{:.1f}\" cy=\"{}\" r=\"3\" fill=\"{}\"/><text x=\"{:.1f}\" y=\"{}\">iteration</text>\n",
                  lx, ly - 4, kPoint, lx + 8, ly);
  lx += 78;
  s += fmt::format("<path d=\"M{:.1f} {} l7 7 m0 -7 l-7 7\" stroke=\"{}\" stroke-width=\"1.5\"/>"
                   "<text x=\"{:.1f}\" y=\"{}\">outlier (\u25b2 off scale)</text>\n",
                   lx - 3.5, ly - 7.5, kOutlier, lx + 8, ly);
  lx += 150;
  s += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2.5\"/>"
                   "<rect x=\"{:.1f}\" y=\"{}\" width=\"16\" height=\"10\" fill=\"{}\" fill-opacity=\"0.15\"/>"
                   "<text x=\"{:.1f}\" y=\"{}\">segment mean within {:g} % of the final one</text>\n",
                   lx - 6, lx + 10, ly - 4, ly - 4, kFinal, lx - 6, ly - 9, kFinal, lx + 14, ly, 100 * p.tolerance);
  lx += 292;
  s += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2.5\"/>"
                   "<text x=\"{:.1f}\" y=\"{}\">earlier segment</text>\n",
                   lx - 6, lx + 10, ly - 4, ly - 4, kEarlier, lx + 14, ly);
  lx += 125;
  s += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" stroke=\"{3}\" stroke-width=\"2\" "
                   "stroke-dasharray=\"4 3\"/><text x=\"{4:.1f}\" y=\"{5}\">steady-state start</text>\n",
                   lx, ly - 11, ly + 2, kStart, lx + 6, ly);
  s += "</g>\n</svg>\n";
  return s;
}

} // namespace steady::driver
