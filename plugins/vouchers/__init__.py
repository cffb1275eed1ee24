"""The 32 vanilla vouchers, one plugin module each."""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "v_overstock_norm",
        "v_overstock_plus",
        "v_clearance_sale",
        "v_liquidation",
        "v_hone",
        "v_glow_up",
        "v_reroll_surplus",
        "v_reroll_glut",
        "v_crystal_ball",
        "v_omen_globe",
        "v_telescope",
        "v_observatory",
        "v_grabber",
        "v_nacho_tong",
        "v_wasteful",
        "v_recyclomancy",
        "v_tarot_merchant",
        "v_tarot_tycoon",
        "v_planet_merchant",
        "v_planet_tycoon",
        "v_seed_money",
        "v_money_tree",
        "v_blank",
        "v_antimatter",
        "v_magic_trick",
        "v_illusion",
        "v_hieroglyph",
        "v_petroglyph",
        "v_directors_cut",
        "v_retcon",
        "v_paint_brush",
        "v_palette",
    )
)
