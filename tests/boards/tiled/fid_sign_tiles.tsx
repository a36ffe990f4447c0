<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="signs" tilewidth="24" tileheight="24" tilecount="4" columns="4">
 <image source="fid_sign_tiles.png" width="96" height="24"/>
</tileset>
