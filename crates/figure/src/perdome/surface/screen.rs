//! The orthographic projection of a surface figure's box for one camera:
//! plot coordinates (log2 I_C, log2 I_G, value) to a point in pixels and
//! its depth, and the far-to-near order of the grid cells.

use super::prim::{INK, Prim};
use super::{Camera, SurfaceFigure};

/// Height of the box from value 0 to the top of the value axis, in
/// half widths of the floor.
const Z_HEIGHT: f64 = 1.3;

/// The projection: screen centre and scale, the camera's rotation, the
/// plot box's centre, half extents and top value, and the box's extent on
/// screen at unit scale (x0, y0, x1, y1) that fitting scales.
pub(super) struct Proj {
    cx: f64,
    cy: f64,
    s: f64,
    cyaw: f64,
    syaw: f64,
    cp: f64,
    sp: f64,
    xmid: f64,
    xh: f64,
    ymid: f64,
    yh: f64,
    zmax: f64,
    unit_box: [f64; 4],
    zoom: f64,
}

impl Proj {
    /// The camera's view of the figure's box, scaled into the pixel
    /// rectangle (x0, y0, width, height) less a first guess of the room
    /// the axes' texts take at text scale `ts`: a fifth or less of the
    /// rectangle a side. [`Proj::refit`] then fits it to the texts' real
    /// room.
    pub(super) fn new(fig: &SurfaceFigure, cam: &Camera, rect: [f32; 4], ts: f32) -> Proj {
        let cam = cam.clamped();
        let (yaw, pitch) = (
            (cam.yaw_deg as f64).to_radians(),
            (cam.pitch_deg as f64).to_radians(),
        );
        let (xlo, xhi) = (fig.x.full_lo(), fig.x.hi);
        let (ylo, yhi) = (fig.y.full_lo(), fig.y.hi);
        let mut p = Proj {
            cx: 0.0,
            cy: 0.0,
            s: 1.0,
            cyaw: yaw.cos(),
            syaw: yaw.sin(),
            cp: pitch.cos(),
            sp: pitch.sin(),
            xmid: (xlo + xhi) / 2.0,
            xh: (xhi - xlo) / 2.0,
            ymid: (ylo + yhi) / 2.0,
            yh: (yhi - ylo) / 2.0,
            zmax: fig.z.hi.max(f64::MIN_POSITIVE),
            unit_box: [0.0; 4],
            zoom: cam.zoom as f64,
        };
        // The box's eight corners at unit scale.
        let mut b = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for x in [xlo, xhi] {
            for y in [ylo, yhi] {
                for v in [0.0, p.zmax] {
                    let [sx, sy] = p.at(x, y, v).0.map(f64::from);
                    b = [b[0].min(sx), b[1].min(sy), b[2].max(sx), b[3].max(sy)];
                }
            }
        }
        p.unit_box = b;
        let [_, _, rw, rh] = rect.map(|v| v as f64);
        let ts = ts as f64;
        let mx = (0.05 * rw + 90.0 * ts).min(0.2 * rw);
        let my = (0.05 * rh + 50.0 * ts).min(0.2 * rh);
        p.refit(rect, [mx, my, mx, my]);
        p
    }

    /// The box's extent on screen (x0, y0, x1, y1) in pixels.
    pub(super) fn screen_box(&self) -> [f64; 4] {
        let b = self.unit_box;
        [
            self.cx + self.s * b[0],
            self.cy + self.s * b[1],
            self.cx + self.s * b[2],
            self.cy + self.s * b[3],
        ]
    }

    /// Scale and centre the box so that it and `room` pixels beyond it on
    /// each side (left, top, right, bottom: what the axes' texts take)
    /// fill the rectangle, then apply the camera's zoom about the centre.
    /// No side's room exceeds a fifth of the rectangle, so that on a small
    /// canvas the box keeps three fifths of it (texts that do not fit are
    /// moved in or left out, as at any size).
    pub(super) fn refit(&mut self, rect: [f32; 4], room: [f64; 4]) {
        let [rx, ry, rw, rh] = rect.map(|v| v as f64);
        let cap = [0.2 * rw, 0.2 * rh, 0.2 * rw, 0.2 * rh];
        let room: [f64; 4] = std::array::from_fn(|i| room[i].min(cap[i]));
        let b = self.unit_box;
        let fit = ((rw - room[0] - room[2]) / (b[2] - b[0]).max(1e-9))
            .min((rh - room[1] - room[3]) / (b[3] - b[1]).max(1e-9))
            .max(1e-6);
        self.s = fit * self.zoom;
        // The box plus its room centred in the rectangle.
        self.cx = rx + (rw + room[0] - room[2]) / 2.0 - self.s * (b[0] + b[2]) / 2.0;
        self.cy = ry + (rh + room[1] - room[3]) / 2.0 - self.s * (b[1] + b[3]) / 2.0;
    }

    /// Plot coordinates (log2 x, log2 y, value) to (screen x, screen y, depth).
    pub(super) fn at(&self, x: f64, y: f64, v: f64) -> ([f32; 2], f64) {
        let wx = (x - self.xmid) / self.xh;
        let wy = (y - self.ymid) / self.yh;
        let wz = (v / self.zmax).clamp(0.0, 1.5) * Z_HEIGHT - Z_HEIGHT / 2.0;
        let x1 = wx * self.cyaw - wy * self.syaw;
        let y1 = wx * self.syaw + wy * self.cyaw;
        let depth = y1 * self.cp - wz * self.sp;
        let up = y1 * self.sp + wz * self.cp;
        (
            [
                (self.cx + self.s * x1) as f32,
                (self.cy - self.s * up) as f32,
            ],
            depth,
        )
    }

    /// The floor rectangle `[x0, x1] x [y0, y1]` (log2 coordinates).
    pub(super) fn floor(&self, (x0, x1): (f64, f64), (y0, y1): (f64, f64), fill: [u8; 4]) -> Prim {
        Prim::Poly {
            pts: vec![
                self.at(x0, y0, 0.0).0,
                self.at(x1, y0, 0.0).0,
                self.at(x1, y1, 0.0).0,
                self.at(x0, y1, 0.0).0,
            ],
            fill,
            stroke: Some((INK, 0.8)),
        }
    }
}

impl Proj {
    /// Sort key of grid cell (ix, iy) (either may be -1 for the zero
    /// band): rows from the far side first, within a row cells from the
    /// far side first. Depth grows with x where sin(yaw) > 0 and with y
    /// where cos(yaw) > 0.
    pub(super) fn order(&self, ix: i64, iy: i64) -> (i64, i64) {
        let kx = if self.syaw > 0.0 { -ix } else { ix };
        let ky = if self.cyaw > 0.0 { -iy } else { iy };
        (ky, kx)
    }
}
