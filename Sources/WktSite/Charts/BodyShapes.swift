import WktCore

/// The drawing of ``BodyMap``: a front and a back figure, 160 × 320 units each (the back one is
/// moved 180 units right), as polygons. Paired muscles are drawn on the figure's left half and
/// mirrored about x = 80; the neck, abdominals, traps and lower back are drawn whole.
enum BodyShapes {
    /// One shaded region.
    struct Region: Sendable {
        /// The muscle it shows.
        let muscle: Muscle
        /// Its outline.
        let points: [(x: Double, y: Double)]
    }

    typealias Points = [(x: Double, y: Double)]

    /// The silhouette behind the regions: torso, arms and legs (the head is a circle).
    static let outline: [Points] = [
        whole([(80, 40), (72, 40), (70, 54), (56, 58), (42, 62), (46, 96), (50, 130), (48, 152), (54, 170), (80, 174)]),
    ] + pair([(40, 62), (30, 66), (25, 82), (25, 104), (23, 122), (19, 150), (17, 176), (20, 192), (30, 196), (36, 180),
              (40, 150), (43, 124), (45, 100), (46, 82)])
        + pair([(50, 160), (79, 172), (78, 212), (75, 250), (73, 262), (71, 300), (69, 316), (54, 318), (54, 300), (50, 270),
                (52, 250), (48, 210), (46, 180)])

    /// The front figure's regions.
    static let front: [Region] = [
        Region(muscle: .neck, points: [(72, 42), (88, 42), (89, 54), (71, 54)]),
        Region(muscle: .abdominals, points: [(66, 100), (94, 100), (96, 148), (80, 156), (64, 148)]),
    ] + paired(.traps, [(71, 53), (74, 57), (64, 60), (57, 59)])
        + paired(.shoulders, [(56, 61), (42, 63), (32, 70), (29, 86), (39, 89), (46, 75), (55, 68)])
        + paired(.chest, [(58, 65), (78, 66), (78, 95), (63, 97), (51, 91), (48, 79)])
        + paired(.biceps, [(30, 91), (40, 91), (42, 104), (40, 119), (30, 119), (28, 104)])
        + paired(.forearms, [(28, 124), (40, 124), (38, 150), (34, 172), (24, 172), (24, 146)])
        + paired(.abductors, [(49, 152), (56, 162), (54, 196), (49, 194), (47, 170)])
        + paired(.quadriceps, [(58, 166), (70, 173), (73, 214), (70, 246), (58, 248), (53, 230), (56, 198)])
        + paired(.adductors, [(72, 175), (79, 176), (77, 212), (75, 216)])
        + paired(.calves, [(55, 264), (63, 263), (63, 298), (58, 300), (54, 282)])

    /// The back figure's regions (before the move to the right).
    static let back: [Region] = [
        Region(muscle: .neck, points: [(72, 40), (88, 40), (88, 48), (72, 48)]),
        Region(muscle: .traps, points: [(80, 50), (92, 53), (104, 60), (92, 66), (80, 86), (68, 66), (56, 60), (68, 53)]),
        Region(muscle: .lowerBack, points: [(70, 126), (90, 126), (94, 148), (80, 153), (66, 148)]),
    ] + paired(.shoulders, [(54, 61), (41, 63), (32, 72), (31, 87), (41, 88), (49, 73)])
        + paired(.upperBack, [(66, 68), (78, 88), (75, 98), (61, 95), (53, 81), (56, 67)])
        + paired(.lats, [(52, 86), (60, 97), (74, 101), (72, 122), (62, 131), (52, 112), (48, 96)])
        + paired(.triceps, [(30, 91), (40, 91), (42, 104), (40, 119), (30, 119), (28, 104)])
        + paired(.forearms, [(28, 124), (40, 124), (38, 150), (34, 172), (24, 172), (24, 146)])
        + paired(.glutes, [(52, 153), (79, 157), (79, 184), (66, 190), (52, 184), (48, 166)])
        + paired(.hamstrings, [(53, 192), (66, 196), (78, 191), (76, 230), (71, 248), (58, 248), (53, 224)])
        + paired(.calves, [(54, 259), (66, 257), (72, 263), (70, 290), (64, 304), (56, 300), (52, 278)])

    /// A left-half outline closed by its mirror image (the first and last points lie on x = 80).
    private static func whole(_ half: Points) -> Points {
        half + half.dropFirst().dropLast().reversed().map { (160 - $0.x, $0.y) }
    }

    /// A left-side shape and its mirror image.
    private static func pair(_ left: Points) -> [Points] {
        [left, left.map { (160 - $0.x, $0.y) }]
    }

    /// A muscle's left-side region and its mirror image.
    private static func paired(_ muscle: Muscle, _ left: Points) -> [Region] {
        pair(left).map { Region(muscle: muscle, points: $0) }
    }
}
